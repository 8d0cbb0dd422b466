import type { Config } from '../config/config.js';
import { BuildToolsAdapter } from '../integrations/build-tools/build-tools.adapter.js';
import { createGit } from '../integrations/git/git.adapter.js';
import type { Git } from '../integrations/git/git.port.js';
import { OpaAdapter } from '../integrations/opa/opa.adapter.js';
import { OpenCostAdapter } from '../integrations/opencost/opencost.adapter.js';
import { ElasticsearchAdapter } from '../integrations/elasticsearch/elasticsearch.adapter.js';
import { HttpRouteProbeAdapter } from '../integrations/http-probe/http-probe.adapter.js';
import { KongAdapter } from '../integrations/kong/kong.adapter.js';
import { kubernetesAccess } from '../integrations/kubernetes/access.js';
import { GatekeeperAdapter } from '../integrations/kubernetes/gatekeeper.adapter.js';
import { IstioAdapter } from '../integrations/kubernetes/istio.adapter.js';
import { LinkerdAdapter } from '../integrations/kubernetes/linkerd.adapter.js';
import { OrchestratorAdapter } from '../integrations/kubernetes/orchestrator.adapter.js';
import { outboundFetch } from '../integrations/outbound/fetch.js';
import { integrationRules } from '../integrations/outbound/policy.js';
import { OpenIdConnectAdapter } from '../integrations/oidc/oidc.adapter.js';
import type { OidcProviders } from '../modules/auth/index.js';
import { PrometheusMetricsAdapter } from '../integrations/prometheus/prometheus.adapter.js';
import { WebhookNotifyAdapter } from '../integrations/webhook/webhook.adapter.js';
import type { AdmissionPort } from '../modules/admission/index.js';
import type { CiAdapterFactories } from '../modules/ci/index.js';
import { realCiAdapters } from './ci.js';
import type { CostSourcePort } from '../modules/cost/index.js';
import type { GatewayAdapter, RouteProbePort } from '../modules/gateway/index.js';
import type { MeshOneMetricsPort, MeshOnePort } from '../modules/meshone/index.js';
import type { MeshTwoMetricsPort, MeshTwoPort } from '../modules/meshtwo/index.js';
import type { OrchestratorPort } from '../modules/orchestrator/index.js';
import type {
  ContainerBuildPort,
  GitOpsDeployPort,
  NotifyWebhookPort,
  ScriptRunnerPort,
} from '../modules/pipelines/index.js';
import type { PolicyEnginePort } from '../modules/policyengine/index.js';
import type { RegistryPort } from '../modules/registry/index.js';
import { registryAdapterFor } from './registry.js';
import { shellScriptRunner } from './script-runner.js';
import { GithubDiscoveryAdapter } from '../integrations/github-discovery/github-discovery.adapter.js';
import { GitlabDiscoveryAdapter } from '../integrations/gitlab-discovery/gitlab-discovery.adapter.js';
import type { DiscoveryProviders } from '../modules/discovery/discovery.ports.js';
import { searchRules, type SearchClusterPort } from '../modules/search-indices/index.js';
import { HttpWebhookTransport } from '../integrations/webhook-receivers/webhook-receivers.adapter.js';
import { webhookRules, type WebhookTransport } from '../modules/webhooks/index.js';

/**
 * Every port to a system outside the process, one line each, built from config in one place
 * (decision 500). Tests compose fakes in with `buildApp(config, { adapters: { … } })`; nothing
 * swaps an adapter on a running app.
 */
export interface Adapters {
  /** The `git` binary: clones, tags and pushes (catalog locations, IaC modules, scaffolds). */
  git: Git;
  /** Argo CD, CircleCI, Jenkins and Travis CI, each built per call from an organization's credential. */
  ciPlatforms: CiAdapterFactories;
  /** Pipelines' deploy stage; unset: the ci module's client over the organization's `gitopscd` credential. */
  gitopsDeploy?: GitOpsDeployPort;
  /** Pipelines' notify stage: the webhook at `NOTIFY_WEBHOOK_URL`; undefined: none configured. */
  notifyWebhook: NotifyWebhookPort | undefined;
  /** Pipelines' build stage: the docker, buildah and podman command-line tools (decision 514). */
  containerBuild: ContainerBuildPort;
  /** Pipelines' script stage: `sh -c` through the process-group runner (decision 1053). */
  scriptRunner: ScriptRunnerPort;
  orchestrator: OrchestratorPort;
  admission: AdmissionPort;
  meshOne: MeshOnePort;
  meshTwo: MeshTwoPort;
  /** Prometheus (`METRICS_URL`), read by both meshes. */
  meshMetrics: MeshOneMetricsPort & MeshTwoMetricsPort;
  policyEngine: PolicyEnginePort;
  /** The registry `REGISTRY_TYPE` selects, built on first use; undefined: none configured. */
  registry: (() => RegistryPort) | undefined;
  costSource: CostSourcePort;
  /** Kong and Amazon API Gateway, those enabled. */
  gateways: GatewayAdapter[];
  /** The gateway health check's HTTP GET of each route. */
  routeProbe: RouteProbePort;
  searchCluster: SearchClusterPort;
  /** The OpenID Connect providers of `OIDC_PROVIDERS`, by id (openid-client, through the outbound policy). */
  oidcProviders: OidcProviders;
  /** GitHub's and GitLab's REST APIs for catalog discovery, through the outbound policy (decision 1010). */
  discovery: DiscoveryProviders;
  /** Outbound webhooks' receivers: signed POSTs through the outbound policy (WEBHOOK_ALLOW_PRIVATE_NETWORKS, decision 1040). */
  webhookTransport: WebhookTransport;
}

/** The real adapters, except those `overrides` replaces (which are then never built). */
export async function createAdapters(config: Config, overrides: Partial<Adapters> = {}): Promise<Adapters> {
  const o = overrides;
  const cluster = () => kubernetesAccess(config.cluster);
  const { search } = config;
  return {
    git: o.git ?? createGit(gitSettings(config)),
    ciPlatforms: o.ciPlatforms ?? realCiAdapters(outboundFetch(integrationRules(config.outbound))),
    gitopsDeploy: o.gitopsDeploy,
    notifyWebhook: 'notifyWebhook' in o ? o.notifyWebhook : notifyWebhookOf(config),
    containerBuild: o.containerBuild ?? new BuildToolsAdapter(config.pipelines.buildToolEnv),
    scriptRunner: o.scriptRunner ?? shellScriptRunner,
    orchestrator: o.orchestrator ?? new OrchestratorAdapter(cluster()),
    admission: o.admission ?? new GatekeeperAdapter(cluster()),
    meshOne: o.meshOne ?? new IstioAdapter(cluster()),
    meshTwo: o.meshTwo ?? new LinkerdAdapter(cluster()),
    meshMetrics: o.meshMetrics ?? new PrometheusMetricsAdapter(config.cluster.metricsUrl, config.cluster.timeoutMs),
    policyEngine: o.policyEngine ?? new OpaAdapter(config.policy.url),
    registry: 'registry' in o ? o.registry : await registryAdapterFor(config.registry),
    costSource: o.costSource ?? new OpenCostAdapter(config.cost.url),
    gateways: o.gateways ?? (await gatewaysOf(config.gateway)),
    routeProbe: o.routeProbe ?? new HttpRouteProbeAdapter(),
    searchCluster:
      o.searchCluster ??
      new ElasticsearchAdapter(
        { username: search.username, password: search.password, apiKey: search.apiKey },
        { fetch: outboundFetch(searchRules(search)) },
      ),
    oidcProviders: o.oidcProviders ?? oidcProvidersOf(config),
    discovery: o.discovery ?? discoveryProvidersOf(config),
    webhookTransport: o.webhookTransport ?? new HttpWebhookTransport(webhookRules(config)),
  };
}

/** Discovery, JWKS and token calls go through the outbound policy as any configured integration's (OUTBOUND_*). */
function oidcProvidersOf(config: Config): OidcProviders {
  const options = { fetch: outboundFetch(integrationRules(config.outbound)), timeoutS: config.identity.oidcTimeoutS };
  return new Map(config.identity.oidcProviders.map((p) => [p.id, new OpenIdConnectAdapter(p, options)]));
}

function discoveryProvidersOf(config: Config): DiscoveryProviders {
  const fetch = outboundFetch(integrationRules(config.outbound));
  return { github: new GithubDiscoveryAdapter(fetch), gitlab: new GitlabDiscoveryAdapter(fetch) };
}

const notifyWebhookOf = (config: Config) =>
  config.pipelines.notifyWebhookUrl ? new WebhookNotifyAdapter(config.pipelines.notifyWebhookUrl) : undefined;

const gitSettings = (config: Config) => ({
  allowFileUrls: config.git.allowFileUrls,
  localRoot: config.git.localRoot,
  allowedHosts: config.git.allowedHosts,
  timeoutMs: config.gitTimeoutS * 1000,
  maxBytes: config.gitMaxBytes,
});

async function gatewaysOf(cfg: Config['gateway']): Promise<GatewayAdapter[]> {
  const gateways: GatewayAdapter[] = [];
  if (cfg.alpha.enabled) gateways.push(new KongAdapter(cfg.alpha.url, cfg.alpha.apiKey, cfg.alpha.proxyUrl));
  if (cfg.beta.enabled) {
    // The AWS SDK is loaded only when Amazon API Gateway is enabled.
    const { ApiGatewayAdapter } = await import('../integrations/apigateway/apigateway.adapter.js');
    gateways.push(new ApiGatewayAdapter(cfg.beta));
  }
  return gateways;
}
