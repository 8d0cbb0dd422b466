import type { Infrastructure } from '../../context.js';
import { incidentsFactsLookup } from '../incidents/index.js';
import { EVALUATE_ENTITIES_JOB, EVALUATE_ENTITY_JOB, EVALUATION_BATCH } from './scorecards.job-names.js';

/** Deployment statuses the deployment facts count (decision 550); a pending or running one changes no fact. */
const SETTLED_DEPLOYMENT = new Set(['succeeded', 'failed', 'rolled_back']);

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

/**
 * The scorecards' subscriptions (decisions 539, 550, 920): each event names the components whose
 * facts may have moved, by the typed map, and those are queued for re-evaluation.
 */
export function subscribeTriggers(deps: Pick<Infrastructure, 'db' | 'events' | 'jobs' | 'log'>) {
  const { db, events, jobs, log } = deps;
  const queue = (name: string, componentIds: string[]) =>
    queueEntities(jobs, componentIds).catch((err: unknown) =>
      log.warn({ err, event: name, components: componentIds.length }, 'scorecard re-evaluation not queued'),
    );
  events.on(['component.created', 'component.updated'], (c, _audience, name) => queue(name, [c.id]));
  events.on(['INCIDENT_CREATED', 'INCIDENT_STATUS_CHANGED'], async (i, _audience, name) =>
    queue(name, await incidentsFactsLookup.componentsOf(db, i.incidentId)),
  );
  events.on('api-spec:deprecated', (spec, _audience, name) => queue(name, [spec.componentId]));
  // Deployments (also those of the deploy stage's GitOps syncs) announce every write: only a finished one moves a fact.
  events.on(['deployment.created', 'deployment.updated'], (d, _audience, name) =>
    SETTLED_DEPLOYMENT.has(d.status) ? queue(name, [d.componentId]) : undefined,
  );
  // Scans, cost syncs, IaC runs and DORA's ingest have no socket event: they announce this one (decision 550).
  events.on('facts.changed', (f, _audience, name) => queue(name, f.componentIds));
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
