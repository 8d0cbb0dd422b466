import { rm } from 'node:fs/promises';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import type { StageResultRow } from '../../db/schema/pipelines.js';
import { workDirOf, type PipelinesDeps } from './pipelines.run-claim.js';
import { closeResults, durationOf, failInterrupted } from './pipelines.run-finish.js';
import { executeRun } from './pipelines.engine.js';
import { toRun } from './pipelines.events.js';
import { PIPELINE_RUN_JOB, runJobId, type PipelineRunJob } from './pipelines.jobs.js';
import { visiblePipeline } from './pipelines.access.js';
import { pipelinesRepository as repo, type RunRow } from './pipelines.repository.js';
import { TERMINAL, type RunStatus, type TriggerBody } from './pipelines.schemas.js';

/** Runs lists show this many, newest first (decision 610). */
export const RUNS_LIST_LIMIT = 50;

/** Trigger, read, approve, reject and cancel runs. */
export function createRunsService(ctx: PipelinesDeps) {
  const db = ctx.db;
  /** Run updates go to the pipeline's organization only (decision 203). */
  const emit = (row: RunRow, pipeline: { organizationId: string | null }) =>
    ctx.events.emit('pipeline.run.updated', toRun(row), { organizationId: pipeline.organizationId });

  /** The pipeline, behind its organization wall (decision 202). */
  const pipelineOrThrow = (caller: Caller, id: string) => visiblePipeline(db, caller, id);

  /**
   * The policy on a run's verb (decisions 959, 960), asked before the run is looked up so a pipeline
   * of no entity answers a plain user 403 as its admin-only routes did; approval then also knows who
   * triggered the run, who may not approve it.
   */
  async function requireOnRun(caller: Caller, action: 'pipeline.cancel' | 'pipeline.approve', pipelineId: string, runId: string) {
    await ctx.permissions.require(caller, action, pipelineId);
    const run = await repo.findRun(db, runId);
    if (!run || run.pipelineId !== pipelineId) throw new NotFound('Pipeline run not found');
    if (action === 'pipeline.approve' && run.triggeredBy === caller.actor.userId) {
      await ctx.permissions.require(caller, action, pipelineId, { triggeredByUserId: run.triggeredBy });
    }
  }

  /** Locks the run of this pipeline (404 when missing or another pipeline's) inside `tx`. */
  async function lockRun(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], pipelineId: string, runId: string) {
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

  return {
    /** The run job's verb: executes one part of a run (from its first stage or an approved gate). */
    executePart: (_caller: Caller, part: PipelineRunJob, jobId: string, signal: AbortSignal) => executeRun(ctx, part.runId, part.from, jobId, signal),
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
      emit(row, pipeline);
      try {
        await ctx.jobs.enqueue(PIPELINE_RUN_JOB, { runId: row.id, from: 0 });
      } catch (err) {
        // The queue is down: do not leave a run that nothing will ever execute.
        await repo.updateRunIf(db, row.id, ['queued'], { status: 'failed', finishedAt: new Date(), durationMs: 0 }).catch(() => undefined);
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

    /** waiting_approval -> running; a continuation job (any process) resumes after the approval stage. */
    async approve(caller: Caller, pipelineId: string, runId: string) {
      const pipeline = await pipelineOrThrow(caller, pipelineId);
      await requireOnRun(caller, 'pipeline.approve', pipelineId, runId);
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
      emit(row, pipeline);
      await ctx.jobs.enqueue(PIPELINE_RUN_JOB, { runId, from: row.resumeAt! });
      return toRun(row);
    },

    /** waiting_approval -> failed; later stages are skipped. */
    async reject(caller: Caller, pipelineId: string, runId: string) {
      const pipeline = await pipelineOrThrow(caller, pipelineId);
      await requireOnRun(caller, 'pipeline.cancel', pipelineId, runId);
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
      emit(row, pipeline);
      await rm(workDirOf(ctx, runId), { recursive: true, force: true }).catch(() => {});
      return toRun(row);
    },

    /**
     * queued, running or waiting_approval -> cancelled, in the database first (so every process sees
     * it), then the job is cancelled wherever it runs: its command gets SIGTERM, SIGKILL after 10 s.
     */
    async cancel(caller: Caller, pipelineId: string, runId: string) {
      const pipeline = await pipelineOrThrow(caller, pipelineId);
      await requireOnRun(caller, 'pipeline.cancel', pipelineId, runId);
      let jobId: string | null = null;
      let prior = 'queued' as RunStatus;
      const row = await db.transaction(async (tx) => {
        const run = await lockRun(tx, pipelineId, runId);
        if ((TERMINAL as RunStatus[]).includes(run.status)) throw new Invalid(`The run is already ${run.status}`);
        prior = run.status;
        jobId = run.status === 'queued' ? runJobId(runId, 0) : run.jobId;
        const at = new Date();
        const note = `cancelled by ${caller.actor.username}`;
        const rs = closeResults(run.stages, run.stageResults, 'skipped', { status: run.status === 'waiting_approval' ? 'skipped' : 'failed', note });
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
      emit(row, pipeline);
      if (jobId) await ctx.jobs.cancel(PIPELINE_RUN_JOB, jobId).catch((err) => ctx.log.warn({ err, runId }, 'could not signal the cancel to the run job'));
      // A running run's engine removes its own folder; nobody else will for a waiting one.
      if (prior === 'waiting_approval') await rm(workDirOf(ctx, runId), { recursive: true, force: true }).catch(() => {});
      return toRun(row);
    },
  };
}

export type RunsService = ReturnType<typeof createRunsService>;
