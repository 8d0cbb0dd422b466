import type { CrdDefinition, OrchestratorPort, RolloutWatchHandler, WatchedRollout } from '../../../src/modules/orchestrator/orchestrator.ports.js';
import type { RolloutStatus, Workload } from '../../../src/modules/orchestrator/orchestrator.schemas.js';

/** In-memory cluster with the orchestrator adapter's interface; `setRollout` drives the watch. */
export class FakeOrchestrator implements OrchestratorPort {
  configured = true;
  workloads: Workload[] = [];
  crds: CrdDefinition[] = [];
  rollouts: WatchedRollout[] | null = null;
  private handlers = new Set<RolloutWatchHandler>();

  async listWorkloads() {
    return this.workloads;
  }
  async listCrds() {
    return this.crds;
  }
  async listRollouts(namespace?: string): Promise<RolloutStatus[]> {
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
