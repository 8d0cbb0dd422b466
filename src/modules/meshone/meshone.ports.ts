import type { ClusterRef } from '../../kernel/cluster-ref.js';
import type { QueryWindow } from '../../kernel/metrics-window.js';
import type { AuthorizationPolicy, MeshOneStatus, PeerAuthentication, VirtualService } from './meshone.schemas.js';

export type { ClusterRef };

/** A routing resource as read, with what a weights write needs to be safe against concurrent edits. */
export interface VirtualServiceRead {
  resource: VirtualService;
  resourceVersion: string;
}

/**
 * What mesh one (Istio) needs from a cluster; implemented by src/integrations/kubernetes/istio.adapter.ts.
 * Every method takes an optional abort signal last (decisions 511, 518).
 */
export interface MeshOnePort {
  status(ref: ClusterRef, signal?: AbortSignal): Promise<MeshOneStatus>;
  listVirtualServices(ref: ClusterRef, namespace: string, signal?: AbortSignal): Promise<VirtualService[]>;
  /** 404 (`NotFound`) when absent. */
  getVirtualService(
    ref: ClusterRef,
    namespace: string,
    name: string,
    signal?: AbortSignal,
  ): Promise<VirtualServiceRead>;
  /**
   * Writes the weights of the first HTTP route's destinations (in their order) with a JSON merge
   * patch guarded by `resourceVersion` (409 when the resource changed meanwhile).
   */
  setFirstRouteWeights(
    ref: ClusterRef,
    namespace: string,
    name: string,
    weights: number[],
    resourceVersion: string,
    signal?: AbortSignal,
  ): Promise<VirtualService>;
  listPeerAuthentications(ref: ClusterRef, namespace: string, signal?: AbortSignal): Promise<PeerAuthentication[]>;
  listAuthorizationPolicies(ref: ClusterRef, namespace: string, signal?: AbortSignal): Promise<AuthorizationPolicy[]>;
}

export interface RangeSeries {
  metric: Record<string, string>;
  values: [number, string][];
}

export type MeshOneMetric = 'rps' | 'error-rate' | 'latency';

/** One metric of a destination service, over Istio's standard metrics. */
export interface MeshOneMetricQuery {
  metric: MeshOneMetric;
  service: string;
  namespace: string;
}

/**
 * The metrics store (`METRICS_URL`, Prometheus-compatible); 503 when unreachable or not configured.
 * The query is typed: the adapter writes the store's query language (decision 1052).
 */
export interface MeshOneMetricsPort {
  meshOneSeries(query: MeshOneMetricQuery, window: QueryWindow, signal?: AbortSignal): Promise<RangeSeries[]>;
}
