import type { Caller } from '../../kernel/caller.js';
import { NotFound } from '../../kernel/errors.js';
import { type PipelinesDeps } from './pipelines.run-claim.js';
import { failInterrupted } from './pipelines.run-finish.js';
import { approvalVerbs, cancelVerbs } from './pipelines.run-decisions.js';
import { executeRun } from './pipelines.engine.js';
import { emitRunUpdated, toRun } from './pipelines.events.js';
import { PIPELINE_RUN_JOB, type PipelineRunJob } from './pipelines.jobs.js';
import { visiblePipeline } from './pipelines.access.js';
import { pipelinesRepository as repo } from './pipelines.repository.js';
import type { TriggerBody } from './pipelines.schemas.js';

/** Runs lists show this many, newest first (decision 610). */
export const RUNS_LIST_LIMIT = 50;

/** Trigger, read, approve, reject and cancel runs (decisions in pipelines.run-decisions.ts, decision 1170). */
export function createRunsService(ctx: PipelinesDeps) {
  return { ...runVerbs(ctx), ...approvalVerbs(ctx), ...cancelVerbs(ctx) };
}

function runVerbs(ctx: PipelinesDeps) {
  const db = ctx.db;
  /** The pipeline, behind its organization wall (decision 202). */
  const pipelineOrThrow = (caller: Caller, id: string) => visiblePipeline(db, caller, id);
  return {
    /** The run job's verb: executes one part of a run (from its first stage or an approved gate). */
    executePart: (_caller: Caller, part: PipelineRunJob, jobId: string, signal: AbortSignal) =>
      executeRun(ctx, part.runId, part.from, jobId, signal),
    /** Recovery's verb: fails a run a stopped process left `running`. */
    async failInterrupted(_caller: Caller, runId: string, reason: string) {
      await failInterrupted(ctx, runId, reason);
    },

    async trigger(caller: Caller, pipelineId: string, body: TriggerBody | undefined) {
      const pipeline = await pipelineOrThrow(caller, pipelineId);
      await ctx.permissions.require(caller, 'pipeline.write', pipelineId);
      const row = await repo.insertRun(db, {
        pipelineId,
        status: 'queued',
        triggeredBy: caller.actor.userId,
        version: body?.version ?? 'latest',
        commitSha: body?.commitSha ?? '0000000',
        stages: pipeline.stages,
      });
      emitRunUpdated(ctx.events, row, pipeline);
      try {
        await ctx.jobs.enqueue(PIPELINE_RUN_JOB, { runId: row.id, from: 0 });
      } catch (err) {
        // The queue is down: do not leave a run that nothing will ever execute.
        await repo
          .updateRunIf(db, row.id, ['queued'], { status: 'failed', finishedAt: new Date(), durationMs: 0 })
          .catch(() => undefined);
        throw err;
      }
      return toRun(row);
    },

    async list(caller: Caller, pipelineId: string) {
      await pipelineOrThrow(caller, pipelineId);
      return (await repo.listRuns(db, pipelineId, RUNS_LIST_LIMIT)).map(toRun);
    },

    async get(caller: Caller, pipelineId: string, runId: string) {
      await pipelineOrThrow(caller, pipelineId);
      const run = await repo.findRun(db, runId);
      if (!run || run.pipelineId !== pipelineId) throw new NotFound('Pipeline run not found');
      return toRun(run);
    },
  };
}

export type RunsService = ReturnType<typeof createRunsService>;
