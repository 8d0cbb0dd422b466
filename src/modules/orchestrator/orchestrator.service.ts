import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { EventPublisher } from '../../infra/events.js';
import type { Caller } from '../../kernel/caller.js';
import { catalogLookup } from '../catalog/index.js';
import { operatorName } from './orchestrator.operators.js';
import type { OrchestratorPort, WatchedRollout } from './orchestrator.ports.js';
import { rolloutPhasesRepository as phases } from './orchestrator.repository.js';
import type { CrdResource, RolloutPhase, Workload } from './orchestrator.schemas.js';

/** The component annotation naming a workload: `<name>` or `<namespace>/<name>` (decision 614). */
export const ORCHESTRATOR_ANNOTATION = 'hangar.io/orchestrator-name';

/** A workload's status as the catalog stores it (its `WorkloadStatus` column type allows more keys). */
export interface WorkloadStatus {
  name: string;
  namespace: string;
  replicas: number;
  readyReplicas: number;
  image: string;
  syncedAt: string;
  [key: string]: unknown;
}

/** The catalog's own verb for the `workloadStatus` column (it invalidates the cache and emits `component.updated`). */
export interface WorkloadStatusWriter {
  setWorkloadStatus(caller: Caller, componentId: string, status: WorkloadStatus | null): Promise<unknown>;
}

declare module '../../infra/events.js' {
  interface EventMap {
    'rollout.updated': { name: string; namespace: string; phase: RolloutPhase; previousPhase: string | null };
  }
}

export interface OrchestratorDeps {
  port: OrchestratorPort;
  db: Database;
  events: EventPublisher;
  log: FastifyBaseLogger;
  catalog: WorkloadStatusWriter;
}

/** Cluster views (workloads, CRDs, rollouts), the annotation sync and rollout phase tracking. */
export function createOrchestratorService(deps: OrchestratorDeps) {
  const { port, db, events } = deps;

  const matches = (w: Workload, componentName: string) =>
    w.name === componentName || Object.values(w.labels).includes(componentName);

  return {
    listWorkloads: async (_caller: Caller) => port.listWorkloads(),

    async matchWorkloads(_caller: Caller, componentName: string) {
      return (await port.listWorkloads()).filter((w) => matches(w, componentName));
    },

    async listCrds(_caller: Caller, group?: string): Promise<CrdResource[]> {
      const crds = await port.listCrds();
      return crds
        .filter((c) => group === undefined || c.group === group)
        .map((c) => ({ ...c, operatorName: operatorName(c.group) }));
    },

    listRollouts: async (_caller: Caller, namespace?: string) => port.listRollouts(namespace),

    /**
     * Stores the status of the workload each annotated component names (null when it is gone),
     * through the catalog's verb. Answers how many components were linked to a workload.
     */
    async syncAnnotated(caller: Caller, signal?: AbortSignal): Promise<{ synced: number }> {
      if (!port.configured) return { synced: 0 };
      const components = await catalogLookup.withAnnotation(db, ORCHESTRATOR_ANNOTATION);
      if (components.length === 0) return { synced: 0 };
      const { catalog } = deps;
      const workloads = (await port.listWorkloads(signal)).sort((a, b) => a.namespace.localeCompare(b.namespace));
      const syncedAt = new Date().toISOString();
      let synced = 0;
      for (const c of components) {
        signal?.throwIfAborted();
        const ref = String((c.annotations as Record<string, unknown> | null)?.[ORCHESTRATOR_ANNOTATION] ?? '').trim();
        const [namespace, name] = ref.includes('/') ? ref.split('/', 2) : [undefined, ref];
        const w = name
          ? workloads.find((x) => x.name === name && (namespace === undefined || x.namespace === namespace))
          : undefined;
        const status = w
          ? {
              name: w.name,
              namespace: w.namespace,
              replicas: w.replicas,
              readyReplicas: w.readyReplicas,
              image: w.image,
              syncedAt,
            }
          : null;
        if (status) {
          await catalog.setWorkloadStatus(caller, c.id, status);
          synced++;
        } else if ((await catalogLookup.findComponent(db, c.id))?.workloadStatus) {
          // Cleared once when the workload goes away, not rewritten (and re-announced) every cycle.
          await catalog.setWorkloadStatus(caller, c.id, null);
        }
      }
      return { synced };
    },

    /**
     * A rollout listed or changed by the watch: emits `rollout.updated` when its phase moved.
     * `retrySince`: an earlier attempt, started then, failed without an answer, so its update may have
     * committed unannounced; a stored change to this phase written since is then announced (at least
     * once rather than never, decision 1066).
     */
    async rolloutSeen(r: WatchedRollout, { retrySince }: { retrySince?: Date } = {}) {
      const change = await phases.record(db, { uid: r.uid, namespace: r.namespace, name: r.name, phase: r.phase });
      let previousPhase: string | null | undefined;
      if (change.kind === 'changed') previousPhase = change.previousPhase || null;
      else if (change.kind === 'same' && retrySince) {
        const row = await phases.find(db, r.uid);
        if (row?.previousPhase && row.updatedAt >= retrySince) previousPhase = row.previousPhase;
      }
      if (previousPhase !== undefined)
        events.emit('rollout.updated', { name: r.name, namespace: r.namespace, phase: r.phase, previousPhase });
    },

    async rolloutGone(r: WatchedRollout) {
      await phases.remove(db, r.uid);
    },
  };
}

export type OrchestratorService = ReturnType<typeof createOrchestratorService>;
