import type { Caller } from '../../kernel/caller.js';
import { Forbidden, Invalid } from '../../kernel/errors.js';
import { queryWindow } from '../../kernel/metrics-window.js';
import type { ClusterRef, MeshOneMetric, MeshOneMetricsPort, MeshOnePort } from './meshone.ports.js';
import type { MetricSeries, TopologyEdge, WeightsBody } from './meshone.schemas.js';

/**
 * The weights by destination, once each of the first HTTP route's destinations (`keys`) is named exactly
 * once (decision 1170: cut out of setWeights).
 */
function weightsByDestination(keys: string[], weights: WeightsBody['weights']) {
  if (new Set(keys).size !== keys.length)
    throw new Invalid('The first HTTP route names a destination twice; its weights cannot be set by name');
  const given = new Map<string, number>();
  for (const w of weights) {
    if (given.has(w.destination))
      throw new Invalid(`destination ${w.destination} is given more than once`, [
        { field: 'weights', problem: 'duplicate destination' },
      ]);
    if (!keys.includes(w.destination))
      throw new Invalid(
        `destination ${w.destination} is not a destination of the first HTTP route (expected: ${keys.join(', ')})`,
        [{ field: 'weights', problem: 'unknown destination' }],
      );
    given.set(w.destination, w.weight);
  }
  const missing = keys.filter((k) => !given.has(k));
  if (missing.length > 0)
    throw new Invalid(`every destination of the first HTTP route needs a weight; missing: ${missing.join(', ')}`, [
      { field: 'weights', problem: 'missing destination' },
    ]);
  return given;
}

/** Mesh one (Istio): routing, security and traffic of the mesh, read live from the cluster and the metrics store. */
export function createMeshOneService(deps: { mesh: MeshOnePort; metrics: MeshOneMetricsPort }) {
  const { mesh, metrics } = deps;

  /** `clusterConfig` (base64 kubeconfig) is for admins only (decision 615). */
  function clusterRef(caller: Caller, clusterConfig: string | undefined): ClusterRef {
    if (clusterConfig === undefined || clusterConfig === '') return { kind: 'default' };
    if (!caller.actor.isAdmin) throw new Forbidden('Only admins may pass clusterConfig');
    return { kind: 'base64', value: clusterConfig };
  }

  return {
    status: async (caller: Caller, q: { clusterConfig?: string }) => mesh.status(clusterRef(caller, q.clusterConfig)),

    listVirtualServices: async (caller: Caller, q: { namespace: string; clusterConfig?: string }) =>
      mesh.listVirtualServices(clusterRef(caller, q.clusterConfig), q.namespace),

    async getVirtualService(caller: Caller, q: { namespace: string; name: string; clusterConfig?: string }) {
      return (await mesh.getVirtualService(clusterRef(caller, q.clusterConfig), q.namespace, q.name)).resource;
    },

    /**
     * Weights of the first HTTP route: whole numbers 0–100 summing to 100, each destination of that
     * route (its subset when it has one, else its host) named exactly once.
     */
    async setWeights(caller: Caller, target: { namespace: string; name: string }, body: WeightsBody) {
      const ref = clusterRef(caller, body.clusterConfig);
      const total = body.weights.reduce((sum, w) => sum + w.weight, 0);
      if (total !== 100)
        throw new Invalid(`weights must sum to 100 (they sum to ${total})`, [
          { field: 'weights', problem: 'must sum to 100' },
        ]);
      const { resource, resourceVersion } = await mesh.getVirtualService(ref, target.namespace, target.name);
      const route = resource.http[0]?.route ?? [];
      if (route.length === 0)
        throw new Invalid('The virtual service has no HTTP route to weigh', [
          { field: 'weights', problem: 'no HTTP route' },
        ]);
      const keys = route.map((r) => r.destination.subset ?? r.destination.host);
      const given = weightsByDestination(keys, body.weights);
      return mesh.setFirstRouteWeights(
        ref,
        target.namespace,
        target.name,
        keys.map((k) => given.get(k)!),
        resourceVersion,
      );
    },

    listPeerAuthentications: async (caller: Caller, q: { namespace: string; clusterConfig?: string }) =>
      mesh.listPeerAuthentications(clusterRef(caller, q.clusterConfig), q.namespace),

    listAuthorizationPolicies: async (caller: Caller, q: { namespace: string; clusterConfig?: string }) =>
      mesh.listAuthorizationPolicies(clusterRef(caller, q.clusterConfig), q.namespace),

    /** One edge per route destination: `{source: <virtual service>, destination: <host>, weight}`. */
    async topology(caller: Caller, q: { namespace: string; clusterConfig?: string }): Promise<TopologyEdge[]> {
      const services = await mesh.listVirtualServices(clusterRef(caller, q.clusterConfig), q.namespace);
      return services.flatMap((vs) =>
        vs.http.flatMap((h) =>
          h.route.map((r) => ({ source: vs.name, destination: r.destination.host, weight: r.weight })),
        ),
      );
    },

    /** Istio standard metrics over `METRICS_URL` (decision 616): one summed series. */
    async metric(
      _caller: Caller,
      metric: MeshOneMetric,
      q: { service: string; namespace: string; range: string },
    ): Promise<MetricSeries> {
      const window = queryWindow(q.range);
      const result = await metrics.meshOneSeries({ metric, service: q.service, namespace: q.namespace }, window);
      const points = (result[0]?.values ?? [])
        .map(([t, v]) => ({ timestamp: Number(t), value: Number(v) }))
        // No traffic in a step makes a ratio or a quantile NaN: such a step has no value, not 0.
        .filter((p) => Number.isFinite(p.value));
      return { metric, service: q.service, namespace: q.namespace, timeseries: points };
    },
  };
}

export type MeshOneService = ReturnType<typeof createMeshOneService>;
