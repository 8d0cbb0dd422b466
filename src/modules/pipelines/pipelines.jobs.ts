import { defineJob } from '../../infra/jobs/catalog.js';
import { systemCaller, type Caller } from '../../kernel/caller.js';
import type { PipelinesDeps } from './pipelines.run-claim.js';
import { RESTART_REASON } from './pipelines.run-finish.js';
import { pipelinesRepository as repo } from './pipelines.repository.js';

export const PIPELINE_RUN_JOB = 'pipeline.run';

export interface PipelineRunJob {
  runId: string;
  /** Index of the first stage to execute: 0, or the stage after an approved approval gate. */
  from: number;
}

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'pipeline.run': PipelineRunJob;
  }
}

/** The runs service's verbs the run job calls, with a system caller (decision 927). */
export interface PipelineRunVerbs {
  executePart(caller: Caller, part: PipelineRunJob, jobId: string, signal: AbortSignal): Promise<void>;
  failInterrupted(caller: Caller, runId: string, reason: string): Promise<void>;
}

/** One job id per run part, so a continuation never collides with the job that reached the gate. */
export const runJobId = (runId: string, from: number) => `${runId}.${from}`;

/**
 * The run job: `PIPELINE_CONCURRENCY` per process, cancellable from any process. Recovery at start
 * (decision 612): `queued` runs (and approved runs whose continuation was never picked up) are queued
 * again; `running` ones fail with a stage result saying the server restarted; waiting ones keep waiting.
 */
export function definePipelineJobs(ctx: Pick<PipelinesDeps, 'jobs' | 'db' | 'config'>, runs: PipelineRunVerbs) {
  ctx.jobs.define(
    defineJob({
      name: PIPELINE_RUN_JOB,
      concurrency: ctx.config.pipelines.concurrency,
      cancellable: true,
      attempts: 1,
      key: (p: PipelineRunJob) => runJobId(p.runId, p.from),
      run: ({ payload, signal, jobId }) => runs.executePart(systemCaller(), payload, jobId, signal),
      recovery: {
        async unfinished() {
          const rows = await repo.unfinishedRuns(ctx.db);
          return rows.flatMap((r): { payload: PipelineRunJob; state: 'queued' | 'running' }[] => {
            if (r.status === 'queued') return [{ payload: { runId: r.id, from: 0 }, state: 'queued' as const }];
            if (r.status !== 'running') return [];
            if (r.resumeAt !== null) return [{ payload: { runId: r.id, from: r.resumeAt }, state: 'queued' as const }];
            // The key must name the job that was running it, so a live process's job is left alone:
            // the stage it started at is stored on the run row (decision 924), never parsed from its id.
            return [{ payload: { runId: r.id, from: r.jobFrom ?? 0 }, state: 'running' as const }];
          });
        },
        running: 'fail',
        async fail(payload: PipelineRunJob) {
          await runs.failInterrupted(systemCaller(), payload.runId, RESTART_REASON);
        },
      },
    }),
  );
}
