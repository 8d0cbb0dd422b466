import type { ClusterRef } from '../../integrations/kubernetes/kubeconfig.js';
import type { Availability, LinkerdAuthorizationPolicy, MeshTwoStatus, ServerAuthorization, ServiceProfile } from './meshtwo.schemas.js';

export type { ClusterRef };

/**
 * What mesh two (Linkerd) needs from a cluster; implemented by src/integrations/kubernetes/linkerd.adapter.ts.
 * Every method takes an optional abort signal last (decisions 511, 518).
 */
export interface MeshTwoPort {
  status(ref: ClusterRef, signal?: AbortSignal): Promise<MeshTwoStatus>;
  /**
   * `available: false` with a reason when the `linkerd` namespace or its CRDs are missing (never throws
   * for that); an aborted signal rejects.
   */
  availability(ref: ClusterRef, signal?: AbortSignal): Promise<Availability>;
  listServerAuthorizations(ref: ClusterRef, namespace: string, signal?: AbortSignal): Promise<ServerAuthorization[]>;
  listAuthorizationPolicies(ref: ClusterRef, namespace: string, signal?: AbortSignal): Promise<LinkerdAuthorizationPolicy[]>;
  listServiceProfiles(ref: ClusterRef, namespace: string, signal?: AbortSignal): Promise<ServiceProfile[]>;
}

export interface RangeSeries {
  metric: Record<string, string>;
  values: [number, string][];
}

/** A Prometheus-compatible range query (`METRICS_URL`); 503 when unreachable or not configured. */
export interface MeshTwoMetricsPort {
  queryRange(query: string, range: { start: number; end: number; step: number }, signal?: AbortSignal): Promise<RangeSeries[]>;
}
