import { rm } from 'node:fs/promises';
import type { Executor } from '../../db/client.js';
import type { StageResultRow } from '../../db/schema/pipelines.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { visiblePipeline } from './pipelines.access.js';
import { emitRunUpdated, toRun } from './pipelines.events.js';
import { PIPELINE_RUN_JOB, runJobId } from './pipelines.jobs.js';
import { workDirOf, type PipelinesDeps } from './pipelines.run-claim.js';
import { closeResults, durationOf } from './pipelines.run-finish.js';
import { pipelinesRepository as repo, type RunRow } from './pipelines.repository.js';
import { TERMINAL, type RunStatus } from './pipelines.schemas.js';

// A person's decisions on a run: approve, reject, cancel (decision 1170: cut out of createRunsService).

/**
 * The policy on a run's verb (decisions 959, 960), asked before the run is looked up so a pipeline
 * of no entity answers a plain user 403 as its admin-only routes did; approval then also knows who
 * triggered the run, who may not approve it.
 */
async function requireOnRun(
  ctx: PipelinesDeps,
  caller: Caller,
  action: 'pipeline.cancel' | 'pipeline.approve',
  pipelineId: string,
  runId: string,
) {
  await ctx.permissions.require(caller, action, pipelineId);
  const run = await repo.findRun(ctx.db, runId);
  if (!run || run.pipelineId !== pipelineId) throw new NotFound('Pipeline run not found');
  if (action === 'pipeline.approve' && run.triggeredBy === caller.actor.userId) {
    await ctx.permissions.require(caller, action, pipelineId, { triggeredByUserId: run.triggeredBy });
  }
}

/** Locks the run of this pipeline (404 when missing or another pipeline's) inside `tx`. */
async function lockRun(tx: Executor, pipelineId: string, runId: string) {
  const run = await repo.findRun(tx, runId, true);
  if (!run || run.pipelineId !== pipelineId) throw new NotFound('Pipeline run not found');
  return run;
}

const who = (caller: Caller) => ({ id: caller.actor.userId, username: caller.actor.username });

/** The approval stage a waiting run stopped at (the last `waiting` result). */
function waitingIndex(run: RunRow) {
  const result = [...run.stageResults].reverse().find((r) => r.status === 'waiting');
  const index = result ? run.stages.findIndex((s) => s.id === result.stageId) : -1;
  if (index < 0) throw new Invalid('The run is not waiting at an approval stage');
  return { index, result: result! };
}

/** waiting_approval -> running or failed: the approvers' verbs. */
export function approvalVerbs(ctx: PipelinesDeps) {
  const db = ctx.db;
  return {
    /** waiting_approval -> running; a continuation job (any process) resumes after the approval stage. */
    async approve(caller: Caller, pipelineId: string, runId: string) {
      const pipeline = await visiblePipeline(db, caller, pipelineId);
      await requireOnRun(ctx, caller, 'pipeline.approve', pipelineId, runId);
      const row = await db.transaction(async (tx) => {
        const run = await lockRun(tx, pipelineId, runId);
        if (run.status !== 'waiting_approval') throw new Invalid(`The run is ${run.status}, not waiting_approval`);
        const { index, result } = waitingIndex(run);
        const at = new Date().toISOString();
        const decided: StageResultRow = {
          ...result,
          status: 'succeeded',
          finishedAt: at,
          approvedBy: who(caller),
          decidedAt: at,
          output: `${result.output}approved by ${caller.actor.username}\n`,
        };
        const line = `approved by ${caller.actor.username}\n`;
        await repo.appendLogs(tx, runId, line, Buffer.byteLength(line));
        return repo.updateRunIf(tx, runId, ['waiting_approval'], {
          status: 'running',
          resumeAt: index + 1,
          jobId: runJobId(runId, index + 1),
          jobFrom: index + 1,
          stageResults: run.stageResults.map((r) => (r === result ? decided : r)),
        });
      });
      if (!row) throw new Invalid('The run is not waiting_approval');
      emitRunUpdated(ctx.events, row, pipeline);
      await ctx.jobs.enqueue(PIPELINE_RUN_JOB, { runId, from: row.resumeAt! });
      return toRun(row);
    },

    /** waiting_approval -> failed; later stages are skipped. */
    async reject(caller: Caller, pipelineId: string, runId: string) {
      const pipeline = await visiblePipeline(db, caller, pipelineId);
      await requireOnRun(ctx, caller, 'pipeline.cancel', pipelineId, runId);
      const row = await db.transaction(async (tx) => {
        const run = await lockRun(tx, pipelineId, runId);
        if (run.status !== 'waiting_approval') throw new Invalid(`The run is ${run.status}, not waiting_approval`);
        const { result } = waitingIndex(run);
        const at = new Date();
        const decided: StageResultRow = {
          ...result,
          status: 'failed',
          finishedAt: at.toISOString(),
          rejectedBy: who(caller),
          decidedAt: at.toISOString(),
          output: `${result.output}rejected by ${caller.actor.username}\n`,
        };
        const line = `rejected by ${caller.actor.username}\n`;
        await repo.appendLogs(tx, runId, line, Buffer.byteLength(line));
        const rs = closeResults(
          run.stages,
          run.stageResults.map((r) => (r === result ? decided : r)),
          'skipped',
        );
        return repo.updateRunIf(tx, runId, ['waiting_approval'], {
          status: 'failed',
          stageResults: rs,
          finishedAt: at,
          durationMs: durationOf(run, at),
          jobId: null,
          jobFrom: null,
        });
      });
      if (!row) throw new Invalid('The run is not waiting_approval');
      emitRunUpdated(ctx.events, row, pipeline);
      await rm(workDirOf(ctx, runId), { recursive: true, force: true }).catch(() => {});
      return toRun(row);
    },
  };
}

export function cancelVerbs(ctx: PipelinesDeps) {
  const db = ctx.db;
  return {
    /**
     * queued, running or waiting_approval -> cancelled, in the database first (so every process sees
     * it), then the job is cancelled wherever it runs: its command gets SIGTERM, SIGKILL after 10 s.
     */
    async cancel(caller: Caller, pipelineId: string, runId: string) {
      const pipeline = await visiblePipeline(db, caller, pipelineId);
      await requireOnRun(ctx, caller, 'pipeline.cancel', pipelineId, runId);
      let jobId: string | null = null;
      let prior = 'queued' as RunStatus;
      const row = await db.transaction(async (tx) => {
        const run = await lockRun(tx, pipelineId, runId);
        if ((TERMINAL as RunStatus[]).includes(run.status)) throw new Invalid(`The run is already ${run.status}`);
        prior = run.status;
        jobId = run.status === 'queued' ? runJobId(runId, 0) : run.jobId;
        const at = new Date();
        const note = `cancelled by ${caller.actor.username}`;
        const rs = closeResults(run.stages, run.stageResults, 'skipped', {
          status: run.status === 'waiting_approval' ? 'skipped' : 'failed',
          note,
        });
        const line = `[hangar] ${note}\n`;
        await repo.appendLogs(tx, runId, line, Buffer.byteLength(line));
        return repo.updateRunIf(tx, runId, ['queued', 'running', 'waiting_approval'], {
          status: 'cancelled',
          stageResults: rs,
          finishedAt: at,
          durationMs: durationOf(run, at),
          resumeAt: null,
          jobId: null,
          jobFrom: null,
        });
      });
      if (!row) throw new Invalid('The run has already finished');
      emitRunUpdated(ctx.events, row, pipeline);
      if (jobId)
        await ctx.jobs
          .cancel(PIPELINE_RUN_JOB, jobId)
          .catch((err) => ctx.log.warn({ err, runId }, 'could not signal the cancel to the run job'));
      // A running run's engine removes its own folder; nobody else will for a waiting one.
      if (prior === 'waiting_approval')
        await rm(workDirOf(ctx, runId), { recursive: true, force: true }).catch(() => {});
      return toRun(row);
    },
  };
}
