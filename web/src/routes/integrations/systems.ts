import type { SystemSettings } from '../../components/ui/not-configured';

/** Where an admin stores the organization's CI/CD credentials (the administration area's page). */
export const CREDENTIALS_LINK = {
  to: '/admin/credentials',
  label: 'Store a credential under Administration → Integration credentials',
};

/** The integration pages, in the sub-navigation and on the overview, with what configures each. */
export const SYSTEMS = [
  {
    to: '/integrations/gitops',
    label: 'GitOps',
    description: 'Argo CD applications with their health and sync status.',
    config: { system: 'GitOps CD (Argo CD)', link: CREDENTIALS_LINK },
  },
  {
    to: '/integrations/ci',
    label: 'CI',
    description: 'CircleCI pipelines, Jenkins jobs and builds, Travis CI builds.',
    config: { system: 'CI', link: CREDENTIALS_LINK },
  },
  {
    to: '/integrations/cluster',
    label: 'Cluster',
    description: 'Kubernetes workloads, Argo Rollouts and Gatekeeper admission violations.',
    config: { system: 'The Kubernetes cluster', settings: ['CLUSTER_CONFIG_PATH'] },
  },
  {
    to: '/integrations/mesh',
    label: 'Mesh metrics',
    description: 'Requests, errors and latency of a service from the mesh telemetry.',
    config: { system: 'Service-mesh metrics', settings: ['METRICS_URL', 'CLUSTER_CONFIG_PATH'] },
  },
  {
    to: '/integrations/meshone',
    label: 'Istio',
    description: 'Istio installation, virtual services and their weights, topology and security policies.',
    config: { system: 'Mesh one (Istio)', settings: ['CLUSTER_CONFIG_PATH'] },
  },
  {
    to: '/integrations/meshtwo',
    label: 'Linkerd',
    description: 'Linkerd control plane, traffic topology, deployment signals, policies and service profiles.',
    config: { system: 'Mesh two (Linkerd)', settings: ['CLUSTER_CONFIG_PATH', 'METRICS_URL'] },
  },
  {
    to: '/integrations/policy',
    label: 'Policy',
    description: 'Open Policy Agent evaluations stored per component.',
    config: { system: 'The policy engine (OPA)', settings: ['POLICY_URL'] },
  },
  {
    to: '/integrations/cost',
    label: 'Cost',
    description: 'OpenCost allocations per component and per team.',
    config: { system: 'Cost (OpenCost)', settings: ['COST_URL', 'COST_SYNC_CRON'] },
  },
  {
    to: '/integrations/registry',
    label: 'Registry',
    description: 'Container images, their tags and vulnerabilities by severity.',
    config: { system: 'The container registry', settings: ['REGISTRY_TYPE', 'REGISTRY_URL', 'REGISTRY_CREDENTIALS'] },
  },
  {
    to: '/integrations/gateway',
    label: 'Gateway',
    description: 'API gateway routes, their health and stale marks.',
    config: {
      system: 'The API gateway',
      settings: ['GATEWAY_ALPHA_ENABLED', 'GATEWAY_ALPHA_URL', 'GATEWAY_BETA_ENABLED', 'GATEWAY_BETA_REGION'],
    },
  },
] as const satisfies readonly { to: string; label: string; description: string; config: SystemSettings }[];

export type SystemPath = (typeof SYSTEMS)[number]['to'];
export const systemConfig = (to: SystemPath): SystemSettings => SYSTEMS.find((s) => s.to === to)!.config;
