import { createHash } from 'node:crypto';
import type { Infrastructure } from '../../context.js';
import { defineJob } from '../../infra/jobs/catalog.js';
import {
  EVALUATE_ALL_JOB,
  EVALUATE_ENTITIES_JOB,
  EVALUATE_ENTITY_JOB,
  EVALUATE_SCORECARD_JOB,
} from './scorecards.job-names.js';
import type { ScorecardsService } from './scorecards.service.js';

/** How often every scorecard is evaluated over every entity (decision 534). */
const EVERY_MS = 60 * 60_000;

/** A short, stable name for a set of components (the id of a batch job). */
const setKey = (componentIds: string[]) =>
  createHash('sha1')
    .update([...componentIds].sort().join(','))
    .digest('hex')
    .slice(0, 20);

/**
 * The evaluation jobs (decision 534): hourly for everything, per scorecard on a write, per entity on
 * a domain event or a recorded fact, per batch of entities after a bulk sync (decision 550).
 */
export function defineScorecardJobs(ctx: Pick<Infrastructure, 'jobs' | 'log'>, service: ScorecardsService) {
  ctx.jobs.define(
    defineJob({
      name: EVALUATE_ALL_JOB,
      key: () => 'scorecards-evaluate-all',
      attempts: 2,
      backoff: { type: 'exponential', delayMs: 60_000 },
      timeoutMs: 30 * 60_000,
      cancellable: true,
      async run({ caller, signal }) {
        const done = await service.evaluateAll(caller, signal);
        ctx.log.info(done, 'scorecards evaluated');
      },
    }),
  );
  ctx.jobs.define(
    defineJob({
      name: EVALUATE_SCORECARD_JOB,
      key: (p) => `scorecard-${p.scorecardId}`,
      attempts: 2,
      backoff: { type: 'exponential', delayMs: 10_000 },
      timeoutMs: 30 * 60_000,
      cancellable: true,
      async run({ caller, payload, signal }) {
        await service.evaluateScorecard(caller, payload.scorecardId, signal);
      },
    }),
  );
  ctx.jobs.define(
    defineJob({
      name: EVALUATE_ENTITY_JOB,
      key: (p) => `entity-${p.componentId}-${p.slot ?? 0}`,
      concurrency: 2,
      attempts: 3,
      backoff: { type: 'exponential', delayMs: 1000 },
      timeoutMs: 60_000,
      async run({ caller, payload }) {
        await service.evaluateEntities(caller, [payload.componentId]);
      },
    }),
  );
  ctx.jobs.define(
    defineJob({
      name: EVALUATE_ENTITIES_JOB,
      key: (p) => `entities-${setKey(p.componentIds)}-${p.slot}`,
      attempts: 2,
      backoff: { type: 'exponential', delayMs: 10_000 },
      timeoutMs: 10 * 60_000,
      async run({ caller, payload }) {
        await service.evaluateEntities(caller, payload.componentIds);
      },
    }),
  );
  ctx.jobs.schedule({ id: 'scorecards-evaluate-all', job: EVALUATE_ALL_JOB, payload: {}, everyMs: EVERY_MS });
}
