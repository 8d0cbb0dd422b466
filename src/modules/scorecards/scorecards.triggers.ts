import type { Infrastructure } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { incidentsFactsLookup } from '../incidents/index.js';
import { EVALUATE_ENTITIES_JOB, EVALUATE_ENTITY_JOB, EVALUATION_BATCH } from './scorecards.jobs.js';

/** Deployment statuses the deployment facts count (decision 550); a pending or running one changes no fact. */
const SETTLED_DEPLOYMENT = new Set(['succeeded', 'failed', 'rolled_back']);

/**
 * What a recording module calls after it committed facts the scorecards read (vulnerability scans,
 * cost syncs, IaC runs, DORA's deployment facts): the components whose facts changed (decision 550).
 * Never throws and never waits: a re-evaluation that cannot be queued is the hourly run's.
 */
export type FactsChanged = (componentIds: string[]) => void;

/**
 * The in-process line from the recording modules to the scorecards module (decision 550). The wiring
 * builds it before those modules and hands them `notify`; the scorecards module, built last,
 * `connect`s to it. Nothing is broadcast: this is no event of the API.
 */
export function factsChangedLine() {
  let listener: FactsChanged | undefined;
  return {
    notify: ((componentIds) => {
      if (componentIds.length > 0) listener?.(componentIds);
    }) as FactsChanged,
    connect(l: FactsChanged) {
      listener = l;
    },
  };
}

export type FactsChangedLine = ReturnType<typeof factsChangedLine>;

/** How long a re-evaluation waits for more changes of the same entities (decision 550). */
export const SETTLE_MS = 50;

/**
 * The debounce slot of a trigger at `now`, and how long its job waits: until the slot ends. Every
 * trigger of a slot shares one job id, so the queue keeps one job; and that job starts after the
 * last trigger of its slot, so it reads every fact they committed (a trigger never lands on a job
 * that is already running, which the queue would drop).
 */
export function settleSlot(now = Date.now()) {
  const slot = Math.floor(now / SETTLE_MS);
  return { slot, delayMs: (slot + 1) * SETTLE_MS - now };
}

/** The components a domain event is about (decision 539); none for events that name no component. */
export async function componentsOfEvent(db: Executor, name: string, payload: unknown): Promise<string[]> {
  const p = payload as Record<string, unknown>;
  if (name === 'component.created' || name === 'component.updated') return typeof p.id === 'string' ? [p.id] : [];
  if (name === 'INCIDENT_CREATED' || name === 'INCIDENT_STATUS_CHANGED')
    return typeof p.incidentId === 'string' ? incidentsFactsLookup.componentsOf(db, p.incidentId) : [];
  if (name === 'api-spec:deprecated') return typeof p.componentId === 'string' ? [p.componentId] : [];
  // Deployments (also those of the deploy stage's GitOps syncs) announce every write: only a finished one moves a fact.
  if ((name === 'deployment.created' || name === 'deployment.updated') && SETTLED_DEPLOYMENT.has(String(p.status)))
    return typeof p.componentId === 'string' ? [p.componentId] : [];
  return [];
}

/**
 * Queues the re-evaluation of `componentIds` (decision 550): one entity is one job keyed by the
 * entity, many (a cost sync) are jobs of up to EVALUATION_BATCH entities, each one bulk evaluation;
 * either waits until its settle slot ends, so a burst of changes costs one evaluation.
 */
export async function queueEntities(jobs: Pick<Infrastructure['jobs'], 'enqueue'>, componentIds: string[]) {
  const ids = [...new Set(componentIds)];
  if (ids.length === 0) return;
  const { slot, delayMs } = settleSlot();
  if (ids.length === 1) {
    await jobs.enqueue(EVALUATE_ENTITY_JOB, { componentId: ids[0]!, slot }, { delayMs });
    return;
  }
  for (let i = 0; i < ids.length; i += EVALUATION_BATCH) {
    await jobs.enqueue(EVALUATE_ENTITIES_JOB, { componentIds: ids.slice(i, i + EVALUATION_BATCH), slot }, { delayMs });
  }
}
