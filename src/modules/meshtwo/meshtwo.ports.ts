import type { ClusterRef } from '../../integrations/kubernetes/kubeconfig.js';
import type { Availability, LinkerdAuthorizationPolicy, MeshTwoStatus, ServerAuthorization, ServiceProfile } from './meshtwo.schemas.js';

export type { ClusterRef };

/** What mesh two (Linkerd) needs from a cluster; implemented by src/integrations/kubernetes/linkerd.adapter.ts. */
export interface MeshTwoPort {
  status(ref: ClusterRef): Promise<MeshTwoStatus>;
  /** `available: false` with a reason when the `linkerd` namespace or its CRDs are missing (never throws for that). */
  availability(ref: ClusterRef): Promise<Availability>;
  listServerAuthorizations(ref: ClusterRef, namespace: string): Promise<ServerAuthorization[]>;
  listAuthorizationPolicies(ref: ClusterRef, namespace: string): Promise<LinkerdAuthorizationPolicy[]>;
  listServiceProfiles(ref: ClusterRef, namespace: string): Promise<ServiceProfile[]>;
}

export interface RangeSeries {
  metric: Record<string, string>;
  values: [number, string][];
}

/** A Prometheus-compatible range query (`METRICS_URL`); 503 when unreachable or not configured. */
export interface MeshTwoMetricsPort {
  queryRange(query: string, range: { start: number; end: number; step: number }, signal?: AbortSignal): Promise<RangeSeries[]>;
}
