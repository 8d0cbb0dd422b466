import type { ClusterRef } from '../../kernel/cluster-ref.js';
import type { QueryWindow } from '../../kernel/metrics-window.js';
import type {
  Availability,
  LinkerdAuthorizationPolicy,
  MeshTwoStatus,
  ServerAuthorization,
  ServiceProfile,
} from './meshtwo.schemas.js';

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
  listAuthorizationPolicies(
    ref: ClusterRef,
    namespace: string,
    signal?: AbortSignal,
  ): Promise<LinkerdAuthorizationPolicy[]>;
  listServiceProfiles(ref: ClusterRef, namespace: string, signal?: AbortSignal): Promise<ServiceProfile[]>;
}

export interface RangeSeries {
  metric: Record<string, string>;
  values: [number, string][];
}

/** A deployment's inbound traffic over Linkerd's proxy metrics, or every deployment-to-deployment edge. */
export type MeshTwoMetricQuery =
  | { metric: 'rps' | 'error-rate'; deployment: string; namespace: string }
  | { metric: 'latency'; quantile: number; deployment: string; namespace: string }
  | { metric: 'edges' };

/**
 * The metrics store (`METRICS_URL`, Prometheus-compatible); 503 when unreachable or not configured.
 * The query is typed: the adapter writes the store's query language and answers it with the series,
 * since mesh two's answers show the query they ran (decision 1052).
 */
export interface MeshTwoMetricsPort {
  meshTwoSeries(
    query: MeshTwoMetricQuery,
    window: QueryWindow,
    signal?: AbortSignal,
  ): Promise<{ query: string; series: RangeSeries[] }>;
}
