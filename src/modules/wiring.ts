import type { Adapters } from '../adapters/index.js';
import type { Infrastructure } from '../context.js';
import type { App } from '../kernel/types.js';
import { createAdmissionModule } from './admission/index.js';
import { createApiSpecsModule } from './api-specs/index.js';
import type { AuthService } from './auth/index.js';
import { createCatalogModule } from './catalog/index.js';
import { createCiModule, createGitOpsDeployPort } from './ci/index.js';
import { createCostModule } from './cost/index.js';
import { createCredentialsModule } from './credentials/index.js';
import { createDashboardsModule } from './dashboards/index.js';
import { createDiscoveryModule } from './discovery/index.js';
import { createDeploymentsModule, deploymentReceivers } from './deployments/index.js';
import { createDoraModule } from './dora/index.js';
import { createEnvironmentsModule } from './environments/index.js';
import { createGatewayModule } from './gateway/index.js';
import { createIacModule } from './iac/index.js';
import { createIacModulesModule } from './iac-modules/index.js';
import { createIncidentsModule } from './incidents/index.js';
import { createMeshOneModule } from './meshone/index.js';
import { createMeshTwoModule } from './meshtwo/index.js';
import { createNotificationsModule } from './notifications/index.js';
import { createOrchestratorModule } from './orchestrator/index.js';
import { createOrganizationsModule, organizationsLookup } from './organizations/index.js';
import { createPipelinesModule } from './pipelines/index.js';
import { createPermissionsModule } from './permissions/index.js';
import { createPolicyEngineModule } from './policyengine/index.js';
import { createRegistryModule } from './registry/index.js';
import { createSearchModule } from './search/index.js';
import { createScorecardsModule } from './scorecards/index.js';
import { createSearchIndicesModule } from './search-indices/index.js';
import { createTeamsModule } from './teams/index.js';
import { createTemplatesModule } from './templates/index.js';
import { createWebhooksModule } from './webhooks/index.js';

/**
 * Builds every domain module from the infrastructure and the adapters, each handed only what its
 * deps list, in dependency order (decision 500): a module's verbs exist before any module that
 * calls them is built. Then registers their routes, in the order the API document lists them.
 * Add a module with one line in each half. Modules hear each other on the event bus, each
 * subscribing in its own factory (decision 920): the wiring only wires.
 */
export async function registerModules(app: App, infra: Infrastructure, adapters: Adapters, auth: AuthService) {
  const { config, db, events, jobs, log } = infra;
  const userExists = async (userId: string) => (await auth.findUser(userId)) !== undefined;

  // Modules that call no other module's verbs. The permission policy first: every write asks it (decision 951).
  const permissions = createPermissionsModule({ db, cache: infra.cache, cacheTtlS: config.cacheTtlS, users: auth });
  const organizations = createOrganizationsModule({ db, userExists, events });
  const environments = createEnvironmentsModule({ db });
  const deployments = createDeploymentsModule({ db, events, users: auth });
  const dashboards = createDashboardsModule({ db });
  const incidents = createIncidentsModule({ db, events, auth, permissions: permissions.service });
  const iac = createIacModule({ db, ingestToken: config.iacIngestToken, events });
  const iacModules = createIacModulesModule({ db, git: adapters.git, config: config.git });
  const search = createSearchModule({ db });
  const policyEngine = createPolicyEngineModule({ db, engine: adapters.policyEngine });
  const registry = createRegistryModule({ ...infra, registry: adapters.registry });
  const searchIndices = createSearchIndicesModule({ db, cluster: adapters.searchCluster, config: config.search });
  const gateway = createGatewayModule({ ...infra, gateways: adapters.gateways, routeProbe: adapters.routeProbe });
  const meshOne = createMeshOneModule({ mesh: adapters.meshOne, metrics: adapters.meshMetrics });
  const meshTwo = createMeshTwoModule({ mesh: adapters.meshTwo, metrics: adapters.meshMetrics });
  const admission = createAdmissionModule({ port: adapters.admission });
  const credentials = createCredentialsModule(infra);
  const apiSpecs = createApiSpecsModule({
    db,
    events,
    config: config.apiSpecs,
    maxBodyBytes: config.maxBodyBytes,
    permissions: permissions.service,
  });

  // The catalog stores API entities' definitions through api-specs (which only reads the catalog's lookup).
  const catalog = createCatalogModule({
    ...infra,
    git: adapters.git,
    apiSpecs: apiSpecs.service,
    permissions: permissions.service,
  });
  // Teams, the cluster sync, scaffolds and cost write or list components through the catalog's verbs.
  const teams = createTeamsModule({
    db,
    userExists,
    catalog: catalog.service,
    permissions: permissions.service,
    audit: infra.audit,
  });
  const orchestrator = createOrchestratorModule({ ...infra, port: adapters.orchestrator, catalog: catalog.service });
  const templates = createTemplatesModule({ ...infra, git: adapters.git, catalog: catalog.service });
  const cost = createCostModule({ ...infra, source: adapters.costSource, catalog: catalog.service });
  // DORA reads deployments, incidents and the catalog as read models and commits through git (decision 566).
  const dora = createDoraModule({ db, jobs, log, config, events, git: adapters.git });
  // Discovery registers repositories' catalog files through the catalog's location verbs (decision 1014).
  const discovery = createDiscoveryModule({
    ...infra,
    providers: adapters.discovery,
    catalog: catalog.service,
    credentials: credentials.service,
  });
  // The GitHub, GitLab and Argo CD receivers dispatch deployment deliveries to the deployments module (decision 864),
  // pushes and repository events to discovery (decision 1015).
  const deploymentHandlers = deploymentReceivers(deployments.service);
  const ci = createCiModule({
    ...infra,
    credentials: credentials.service,
    platforms: adapters.ciPlatforms,
    receivers: {
      ...deploymentHandlers,
      github: { ...deploymentHandlers.github, ...discovery.receivers.github },
      gitlab: { ...deploymentHandlers.gitlab, ...discovery.receivers.gitlab },
    },
    organizationExists: (id) => organizationsLookup.organizationExists(db, id),
  });
  const pipelines = createPipelinesModule({
    db,
    events,
    jobs,
    log,
    config,
    gitops: adapters.gitopsDeploy ?? createGitOpsDeployPort(ci.service),
    notifyWebhook: adapters.notifyWebhook,
    containerBuild: adapters.containerBuild,
    scripts: adapters.scriptRunner,
    // The deploy stage records deployments through their module's verbs (the one write path).
    deployments: deployments.service,
    permissions: permissions.service,
  });
  // Outbound webhooks hear the same events as the socket gateway (decision 991).
  const webhooks = createWebhooksModule({ ...infra, transport: adapters.webhookTransport });
  // Notifications read teams, incidents and users (decision 740).
  const notifications = createNotificationsModule({
    db,
    log,
    events,
    teams: teams.service,
    incidents: incidents.service,
    auth,
  });
  // Scorecards read every other module's facts through their exported lookups, and DORA's keys.
  const scorecards = createScorecardsModule({
    db,
    events,
    jobs,
    log,
    audit: infra.audit,
    apiSpecs: apiSpecs.service,
    dora: dora.service,
    permissions: permissions.service,
  });

  await app.register(iac.routes);
  await app.register(iacModules.routes);
  await app.register(apiSpecs.routes);
  await app.register(incidents.routes);
  await app.register(dashboards.routes);
  await app.register(organizations.routes);
  await app.register(teams.routes);
  await app.register(permissions.routes);
  await app.register(environments.routes);
  await app.register(deployments.routes);
  await app.register(templates.routes);
  await app.register(catalog.routes);
  await app.register(discovery.routes);
  await app.register(policyEngine.routes);
  await app.register(registry.routes);
  await app.register(cost.routes);
  await app.register(searchIndices.routes);
  await app.register(search.routes);
  await app.register(gateway.routes);
  await app.register(meshOne.routes);
  await app.register(meshTwo.routes);
  await app.register(orchestrator.routes);
  await app.register(admission.routes);
  await app.register(credentials.routes);
  await app.register(ci.routes);
  await app.register(pipelines.routes);
  await app.register(notifications.routes);
  await app.register(dora.routes);
  await app.register(scorecards.routes);
  await app.register(webhooks.routes);

  return {
    permissions: permissions.service,
    organizations: organizations.service,
    environments: environments.service,
    deployments: deployments.service,
    dashboards: dashboards.service,
    incidents: incidents.service,
    iac: iac.service,
    iacModules: iacModules.service,
    search: search.service,
    policyEngine: policyEngine.service,
    registry: registry.service,
    searchIndices: searchIndices.service,
    gateway: gateway.service,
    meshOne: meshOne.service,
    meshTwo: meshTwo.service,
    admission: admission.service,
    credentials: credentials.service,
    apiSpecs: apiSpecs.service,
    catalog: catalog.service,
    discovery: discovery.service,
    teams: teams.service,
    orchestrator: orchestrator.service,
    templates: templates.service,
    cost: cost.service,
    ci: ci.service,
    pipelines: pipelines.service,
    notifications: notifications.service,
    dora: dora.service,
    scorecards: scorecards.service,
    webhooks: webhooks.service,
  };
}

/** Every module's verbs, as built: what `app.hangar.modules` exposes to operations tooling and tests. */
export type Modules = Awaited<ReturnType<typeof registerModules>>;
