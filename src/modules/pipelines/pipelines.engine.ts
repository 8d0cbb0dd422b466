import { rm } from 'node:fs/promises';
import { claimRun, type PipelinesDeps } from './pipelines.run-claim.js';
import { failInterrupted, finishRun, RESTART_REASON } from './pipelines.run-finish.js';
import { runStages } from './pipelines.run-stages.js';

/**
 * Executes a run from stage `from` in this process, in three steps: claim (a conditional update, so
 * however often the job is delivered exactly one process executes each part), run the stages (the
 * status is re-checked before each stage and once a second: a cancel from any process wins), and
 * finish (the one final write, guarded by the run's status).
 */
export async function executeRun(
  deps: PipelinesDeps,
  runId: string,
  from: number,
  jobId: string,
  signal: AbortSignal,
): Promise<void> {
  const run = await claimRun(deps, runId, from, jobId);
  // The same job delivered again after its process died mid-run (a stalled job): fail that run.
  if (run === 'stalled') return failInterrupted(deps, runId, RESTART_REASON);
  if (!run) return;
  try {
    const ending = await runStages(run, from, signal);
    await finishRun(run, ending, signal);
  } finally {
    await run.log.close();
    if (!run.keepFolder) await rm(run.workDir, { recursive: true, force: true }).catch(() => {});
  }
}
