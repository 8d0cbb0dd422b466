import type { RolloutStatus, Workload } from './orchestrator.schemas.js';

/** A CRD as the cluster describes it (the module adds `operatorName`). */
export interface CrdDefinition {
  name: string;
  group: string;
  kind: string;
  scope: 'Namespaced' | 'Cluster';
  versions: string[];
}

/** A rollout seen by the watch, with its identity. */
export interface WatchedRollout extends RolloutStatus {
  uid: string;
}

export interface RolloutWatchHandler {
  /** An object listed or changed (in the order the API server reported them). */
  changed(rollout: WatchedRollout): void;
  deleted(rollout: WatchedRollout): void;
  /** The watch stopped on an error; it is not restarted by the port. */
  failed(err: unknown): void;
}

/**
 * What the orchestrator needs from the cluster; implemented by src/integrations/kubernetes/orchestrator.adapter.ts.
 * Reads take an optional AbortSignal: the sync job passes its own (decision 511).
 */
export interface OrchestratorPort {
  /** Whether the server has a cluster (CLUSTER_CONFIG_PATH or in-cluster); when not, lists are empty. */
  readonly configured: boolean;
  /** apps/v1 Deployments of all namespaces. */
  listWorkloads(signal?: AbortSignal): Promise<Workload[]>;
  listCrds(signal?: AbortSignal): Promise<CrdDefinition[]>;
  /** Argo Rollouts; empty when the Rollout CRD is not installed. */
  listRollouts(namespace?: string, signal?: AbortSignal): Promise<RolloutStatus[]>;
  /** Lists then watches Argo Rollouts in all namespaces (resuming by resourceVersion, relisting on 410 Gone). */
  watchRollouts(handler: RolloutWatchHandler): Promise<{ stop(): void }>;
}
