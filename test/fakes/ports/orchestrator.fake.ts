import type {
  CrdDefinition,
  OrchestratorPort,
  RolloutWatchHandler,
  WatchedRollout,
} from '../../../src/modules/orchestrator/orchestrator.ports.js';
import type { RolloutStatus, Workload } from '../../../src/modules/orchestrator/orchestrator.schemas.js';

/** In-memory cluster behind the orchestrator port; `setRollout` drives the watch. Held to test/contracts/orchestrator.contract.ts. */
export class FakeOrchestrator implements OrchestratorPort {
  configured = true;
  workloads: Workload[] = [];
  crds: CrdDefinition[] = [];
  rollouts: WatchedRollout[] | null = null;
  private handlers = new Set<RolloutWatchHandler>();

  async listWorkloads(signal?: AbortSignal) {
    signal?.throwIfAborted();
    return this.configured ? this.workloads : [];
  }
  async listCrds(signal?: AbortSignal) {
    signal?.throwIfAborted();
    return this.configured ? [...this.crds].sort((a, b) => a.name.localeCompare(b.name)) : [];
  }
  async listRollouts(namespace?: string, signal?: AbortSignal): Promise<RolloutStatus[]> {
    signal?.throwIfAborted();
    return (this.rollouts ?? []).filter((r) => !namespace || r.namespace === namespace).map(({ uid: _uid, ...r }) => r);
  }
  async watchRollouts(handler: RolloutWatchHandler) {
    this.handlers.add(handler);
    for (const r of this.rollouts ?? []) handler.changed(r);
    return { stop: () => void this.handlers.delete(handler) };
  }
  /** Creates or changes a rollout and tells the watchers. */
  setRollout(r: WatchedRollout) {
    this.rollouts = [...(this.rollouts ?? []).filter((x) => x.uid !== r.uid), r];
    for (const h of this.handlers) h.changed(r);
  }
}
