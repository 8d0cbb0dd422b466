import { rm } from 'node:fs/promises';
import type { PipelineStageRow, StageResultRow } from '../../db/schema/pipelines.js';
import type { RunStatus } from './pipelines.schemas.js';
import { toRun } from './pipelines.events.js';
import type { PipelinesDeps } from './pipelines.run-claim.js';
import { pipelinesRepository as repo } from './pipelines.repository.js';
import { workDirOf, type ClaimedRun } from './pipelines.run-claim.js';
import { describeAbort } from './stages/types.js';

export const RESTART_REASON = 'the server restarted while this stage was running';
export const SHUTDOWN_REASON = 'the server was shut down (restarted) while this stage was running';

export const nowIso = () => new Date().toISOString();
export const durationOf = (row: { startedAt: Date | null; createdAt: Date }, end: Date) =>
  Math.max(0, end.getTime() - (row.startedAt ?? row.createdAt).getTime());

/** Stage results with every stage that has none (or is still `running`) closed as `status`. */
export function closeResults(
  stages: PipelineStageRow[],
  results: StageResultRow[],
  open: 'skipped',
  runningAs?: { status: 'failed' | 'skipped'; note: string },
): StageResultRow[] {
  const byId = new Map(results.map((r) => [r.stageId, r]));
  const at = nowIso();
  return stages.map((s) => {
    const r = byId.get(s.id);
    if (!r) return { stageId: s.id, status: open, startedAt: null, finishedAt: null, output: '' };
    if ((r.status === 'running' || r.status === 'waiting') && runningAs) {
      return {
        ...r,
        status: runningAs.status,
        finishedAt: at,
        output: r.output ? `${r.output}${runningAs.note}\n` : `${runningAs.note}\n`,
      };
    }
    return r;
  });
}

/** How the stages left the run: a status for the final write, or stopped under them at stage `stage`. */
export type RunEnding =
  | { status: Extract<RunStatus, 'succeeded' | 'failed' | 'waiting_approval'>; results: StageResultRow[] }
  | { status: 'stopped'; stage: number };

/** The run's final write for how its stages ended (`signal`: the job's, aborted on shutdown). */
export async function finishRun(run: ClaimedRun, ending: RunEnding, signal: AbortSignal): Promise<void> {
  if (ending.status === 'stopped') return settleStopped(run, ending.stage, signal);
  if (ending.status === 'waiting_approval') run.keepFolder = true;
  await end(run, ending.status, ending.results);
}

/** Final write of a run leaving `running` (a no-op when someone else ended it). */
async function end(run: ClaimedRun, status: Exclude<RunEnding['status'], 'stopped'>, rs: StageResultRow[]) {
  const { db, runId, log } = run;
  await log.close();
  const { chunk, bytes } = log.takePending();
  const at = new Date();
  const terminal = status !== 'waiting_approval';
  // Gone before anyone can see the run finished.
  if (terminal) await rm(run.workDir, { recursive: true, force: true }).catch(() => {});
  const row = await db.transaction(async (tx) => {
    await repo.appendLogs(tx, runId, chunk, bytes);
    return repo.updateRunIf(tx, runId, ['running'], {
      status,
      stageResults: rs,
      jobId: null,
      jobFrom: null,
      ...(terminal ? { finishedAt: at, durationMs: durationOf(run.row, at) } : {}),
    });
  });
  run.emit(row);
}

/** The run stopped under the engine at stage `i`: cancelled (from anywhere) or this process shutting down. */
async function settleStopped(run: ClaimedRun, i: number, signal: AbortSignal) {
  const { db, runId, log, stop } = run;
  await log.close();
  const { chunk, bytes } = log.takePending();
  const status = await repo.runStatus(db, runId);
  if (status === 'running') {
    // Not cancelled: this process is shutting down (the job's signal). Fail it rather than leave it running.
    const reason = signal.aborted && !stop.signal.aborted ? SHUTDOWN_REASON : describeAbort(signal.reason);
    await repo.appendLogs(db, runId, chunk, bytes);
    await failInterrupted(run.deps, runId, reason, run.current >= 0 ? log.output() : undefined);
    return;
  }
  // Cancelled: keep the stage's last output in its result (the cancel verb already closed the others).
  await db.transaction(async (tx) => {
    await repo.appendLogs(tx, runId, chunk, bytes);
    const row = await repo.findRun(tx, runId, true);
    if (!row || run.current < 0) return;
    const stageId = run.row.stages[i]?.id;
    const rs = row.stageResults.map((r) =>
      r.stageId === stageId && r.status === 'failed'
        ? { ...r, output: `${log.output()}stage stopped: the run was cancelled\n` }
        : r,
    );
    await repo.updateRunIf(tx, runId, ['cancelled'], { stageResults: rs });
  });
}

/** Fails a run that was `running` when its process went away (restart recovery, stalled job, shutdown). */
export async function failInterrupted(ctx: PipelinesDeps, runId: string, reason: string, output?: string) {
  const row = await ctx.db.transaction(async (tx) => {
    const run = await repo.findRun(tx, runId, true);
    if (!run || run.status !== 'running') return undefined;
    let rs = run.stageResults.map((r) => (r.status === 'running' && output !== undefined ? { ...r, output } : r));
    const hasRunning = rs.some((r) => r.status === 'running');
    rs = closeResults(run.stages, rs, 'skipped', { status: 'failed', note: reason });
    if (!hasRunning) {
      // No stage had started (e.g. an approved continuation never picked up): fail the next one.
      const next = run.stages.find((s) => rs.find((r) => r.stageId === s.id)?.status === 'skipped');
      if (next) rs = rs.map((r) => (r.stageId === next.id ? { ...r, status: 'failed', output: `${reason}\n` } : r));
    }
    const at = new Date();
    const line = `[hangar] ${reason}\n`;
    await repo.appendLogs(tx, runId, line, Buffer.byteLength(line));
    return repo.updateRunIf(tx, runId, ['running'], {
      status: 'failed',
      stageResults: rs,
      finishedAt: at,
      durationMs: durationOf(run, at),
      resumeAt: null,
      jobId: null,
      jobFrom: null,
    });
  });
  if (row)
    ctx.events.emit('pipeline.run.updated', toRun(row), {
      organizationId: (await repo.find(ctx.db, row.pipelineId))?.organizationId ?? null,
    });
  await rm(workDirOf(ctx, runId), { recursive: true, force: true }).catch(() => {});
}
