import type { Caller } from '../../kernel/caller.js';
import { Forbidden } from '../../kernel/errors.js';
import { queryWindow, type QueryWindow } from '../../kernel/metrics-window.js';
import type { ClusterRef, MeshTwoMetricQuery, MeshTwoMetricsPort, MeshTwoPort } from './meshtwo.ports.js';
import type { RangeResult, TopologyEdge } from './meshtwo.schemas.js';

/** Mesh two (Linkerd): policy resources from the cluster, golden metrics from the metrics store. */
export function createMeshTwoService(deps: { mesh: MeshTwoPort; metrics: MeshTwoMetricsPort }) {
  const { mesh, metrics } = deps;

  /** `clusterConfig` (kubeconfig text or a path under the config folder) is for admins only. */
  function clusterRef(caller: Caller, clusterConfig: string | undefined): ClusterRef {
    if (clusterConfig === undefined || clusterConfig === '') return { kind: 'default' };
    if (!caller.actor.isAdmin) throw new Forbidden('Only admins may pass clusterConfig');
    return { kind: 'textOrPath', value: clusterConfig };
  }

  async function range(metric: MeshTwoMetricQuery, window: QueryWindow): Promise<RangeResult> {
    const { query, series } = await metrics.meshTwoSeries(metric, window);
    return {
      query,
      timeseries: series.map((s) => ({
        metric: s.metric,
        values: s.values.map(([t, v]) => [Number(t), String(v)] as [number, string]),
      })),
    };
  }

  return {
    status: async (caller: Caller, q: { clusterConfig?: string }) => mesh.status(clusterRef(caller, q.clusterConfig)),
    available: async (_caller: Caller) => mesh.availability({ kind: 'default' }),
    listServerAuthorizations: async (caller: Caller, q: { namespace: string; clusterConfig?: string }) =>
      mesh.listServerAuthorizations(clusterRef(caller, q.clusterConfig), q.namespace),
    listAuthorizationPolicies: async (caller: Caller, q: { namespace: string; clusterConfig?: string }) =>
      mesh.listAuthorizationPolicies(clusterRef(caller, q.clusterConfig), q.namespace),
    listServiceProfiles: async (caller: Caller, q: { namespace: string; clusterConfig?: string }) =>
      mesh.listServiceProfiles(clusterRef(caller, q.clusterConfig), q.namespace),

    /** Inbound requests per second of a deployment. */
    async rps(_caller: Caller, q: { deployment: string; namespace: string; range: string }) {
      return range({ metric: 'rps', deployment: q.deployment, namespace: q.namespace }, queryWindow(q.range));
    },

    /** Share of inbound responses Linkerd classified as failures. */
    async errorRate(_caller: Caller, q: { deployment: string; namespace: string; range: string }) {
      return range({ metric: 'error-rate', deployment: q.deployment, namespace: q.namespace }, queryWindow(q.range));
    },

    async latency(_caller: Caller, q: { deployment: string; namespace: string; range: string }) {
      const w = queryWindow(q.range);
      const quantile = (p: number) =>
        range({ metric: 'latency', quantile: p, deployment: q.deployment, namespace: q.namespace }, w);
      const [p50, p95, p99] = await Promise.all([quantile(0.5), quantile(0.95), quantile(0.99)]);
      return { p50, p95, p99 };
    },

    /** Deployment-to-deployment edges from the outbound traffic of meshed proxies, with their latest rate. */
    async topology(_caller: Caller, q: { range: string }): Promise<TopologyEdge[]> {
      const result = await range({ metric: 'edges' }, queryWindow(q.range));
      const edges: TopologyEdge[] = [];
      for (const s of result.timeseries) {
        if (!s.metric.deployment || !s.metric.dst_deployment) continue;
        const last = [...s.values].reverse().find(([, v]) => Number.isFinite(Number(v)));
        edges.push({
          source: s.metric.deployment,
          destination: s.metric.dst_deployment,
          namespace: s.metric.namespace ?? '',
          ...(last ? { rps: Number(last[1]) } : {}),
        });
      }
      return edges.sort((a, b) =>
        `${a.namespace}/${a.source}/${a.destination}`.localeCompare(`${b.namespace}/${b.source}/${b.destination}`),
      );
    },
  };
}

export type MeshTwoService = ReturnType<typeof createMeshTwoService>;
