import type { Adapters } from '../adapters/index.js';
import type { Infrastructure } from '../context.js';
import type { App, HangarModule } from '../kernel/types.js';
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
 * Add a module with one line in its build step and one in `routeOrder`. Modules hear each other on
 * the event bus, each subscribing in its own factory (decision 920): the wiring only wires.
 * The three build steps are the dependency order's three tiers (decision 1200).
 */
export async function registerModules(app: App, infra: Infrastructure, adapters: Adapters, auth: AuthService) {
  const independent = independentModules(infra, adapters, auth);
  const catalogSide = catalogModules(infra, adapters, auth, independent);
  const modules = {
    ...independent,
    ...catalogSide,
    ...deliveryModules(infra, adapters, auth, { ...independent, ...catalogSide }),
  };
  for (const name of routeOrder) await app.register(modules[name].routes);
  return servicesOf(modules);
}

/** Every module's verbs, as built: what `app.hangar.modules` exposes to operations tooling and tests. */
export type Modules = Awaited<ReturnType<typeof registerModules>>;

type Independent = ReturnType<typeof independentModules>;
type CatalogSide = ReturnType<typeof catalogModules>;
type Built = Independent & CatalogSide & ReturnType<typeof deliveryModules>;

const userExistsThrough = (auth: AuthService) => async (userId: string) => (await auth.findUser(userId)) !== undefined;

/** Modules that call no other module's verbs. The permission policy first: every write asks it (decision 951). */
function independentModules(infra: Infrastructure, adapters: Adapters, auth: AuthService) {
  const { config, db, events } = infra;
  const permissions = createPermissionsModule({ db, cache: infra.cache, cacheTtlS: config.cacheTtlS, users: auth });
  return {
    permissions,
    organizations: createOrganizationsModule({ db, userExists: userExistsThrough(auth), events }),
    environments: createEnvironmentsModule({ db }),
    deployments: createDeploymentsModule({ db, events, users: auth }),
    dashboards: createDashboardsModule({ db }),
    incidents: createIncidentsModule({ db, events, auth, permissions: permissions.service }),
    iac: createIacModule({ db, ingestToken: config.iacIngestToken, events }),
    iacModules: createIacModulesModule({ db, git: adapters.git, config: config.git }),
    search: createSearchModule({ db }),
    policyEngine: createPolicyEngineModule({ db, engine: adapters.policyEngine }),
    registry: createRegistryModule({ ...infra, registry: adapters.registry }),
    searchIndices: createSearchIndicesModule({ db, cluster: adapters.searchCluster, config: config.search }),
    gateway: createGatewayModule({ ...infra, gateways: adapters.gateways, routeProbe: adapters.routeProbe }),
    meshOne: createMeshOneModule({ mesh: adapters.meshOne, metrics: adapters.meshMetrics }),
    meshTwo: createMeshTwoModule({ mesh: adapters.meshTwo, metrics: adapters.meshMetrics }),
    admission: createAdmissionModule({ port: adapters.admission }),
    credentials: createCredentialsModule(infra),
    apiSpecs: createApiSpecsModule({
      db,
      events,
      config: config.apiSpecs,
      maxBodyBytes: config.maxBodyBytes,
      permissions: permissions.service,
    }),
  };
}

/** The catalog, and the modules that write or list components through its verbs (and DORA, git's other user). */
function catalogModules(infra: Infrastructure, adapters: Adapters, auth: AuthService, built: Independent) {
  const { db, jobs, log, config, events } = infra;
  const permissions = built.permissions.service;
  // The catalog stores API entities' definitions through api-specs (which only reads the catalog's lookup).
  const catalog = createCatalogModule({ ...infra, git: adapters.git, apiSpecs: built.apiSpecs.service, permissions });
  return {
    catalog,
    // Teams, the cluster sync, scaffolds and cost write or list components through the catalog's verbs.
    teams: createTeamsModule({
      db,
      userExists: userExistsThrough(auth),
      catalog: catalog.service,
      permissions,
      audit: infra.audit,
    }),
    orchestrator: createOrchestratorModule({ ...infra, port: adapters.orchestrator, catalog: catalog.service }),
    templates: createTemplatesModule({ ...infra, git: adapters.git, catalog: catalog.service }),
    cost: createCostModule({ ...infra, source: adapters.costSource, catalog: catalog.service }),
    // DORA reads deployments, incidents and the catalog as read models and commits through git (decision 566).
    dora: createDoraModule({ db, jobs, log, config, events, git: adapters.git }),
    // Discovery registers repositories' catalog files through the catalog's location verbs (decision 1014).
    discovery: createDiscoveryModule({
      ...infra,
      providers: adapters.discovery,
      catalog: catalog.service,
      credentials: built.credentials.service,
    }),
  };
}

/** Receivers, pipelines, outbound webhooks, notifications and scorecards: they read or call the modules above. */
function deliveryModules(
  infra: Infrastructure,
  adapters: Adapters,
  auth: AuthService,
  built: Independent & CatalogSide,
) {
  const { db, events, jobs, log, config } = infra;
  const ci = createCiModule({
    ...infra,
    credentials: built.credentials.service,
    platforms: adapters.ciPlatforms,
    receivers: receiversOf(built),
    organizationExists: (id) => organizationsLookup.organizationExists(db, id),
  });
  return {
    ci,
    pipelines: createPipelinesModule({
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
      deployments: built.deployments.service,
      permissions: built.permissions.service,
    }),
    // Outbound webhooks hear the same events as the socket gateway (decision 991).
    webhooks: createWebhooksModule({ ...infra, transport: adapters.webhookTransport }),
    // Notifications read teams, incidents and users (decision 740).
    notifications: createNotificationsModule({
      db,
      log,
      events,
      auth,
      teams: built.teams.service,
      incidents: built.incidents.service,
    }),
    // Scorecards read every other module's facts through their exported lookups, and DORA's keys.
    scorecards: createScorecardsModule({
      db,
      events,
      jobs,
      log,
      audit: infra.audit,
      apiSpecs: built.apiSpecs.service,
      dora: built.dora.service,
      permissions: built.permissions.service,
    }),
  };
}

/**
 * The GitHub, GitLab and Argo CD receivers dispatch deployment deliveries to the deployments module (decision 864),
 * pushes and repository events to discovery (decision 1015).
 */
function receiversOf(built: Independent & CatalogSide) {
  const deploymentHandlers = deploymentReceivers(built.deployments.service);
  return {
    ...deploymentHandlers,
    github: { ...deploymentHandlers.github, ...built.discovery.receivers.github },
    gitlab: { ...deploymentHandlers.gitlab, ...built.discovery.receivers.gitlab },
  };
}

/** The order the API document lists the modules' routes in. */
const routeOrder = [
  'iac',
  'iacModules',
  'apiSpecs',
  'incidents',
  'dashboards',
  'organizations',
  'teams',
  'permissions',
  'environments',
  'deployments',
  'templates',
  'catalog',
  'discovery',
  'policyEngine',
  'registry',
  'cost',
  'searchIndices',
  'search',
  'gateway',
  'meshOne',
  'meshTwo',
  'orchestrator',
  'admission',
  'credentials',
  'ci',
  'pipelines',
  'notifications',
  'dora',
  'scorecards',
  'webhooks',
] as const satisfies readonly (keyof Built)[];

// A module built but left out of `routeOrder` would serve no routes: tsc refuses that here.
type Unrouted = Exclude<keyof Built, (typeof routeOrder)[number]>;
const _everyModuleRouted: [Unrouted] extends [never] ? true : Unrouted = true;

/** Each module's verbs under the module's name. */
function servicesOf<M extends Record<string, HangarModule<unknown>>>(modules: M) {
  const services = Object.fromEntries(Object.entries(modules).map(([name, module]) => [name, module.service]));
  return services as { [K in keyof M]: M[K]['service'] };
}
