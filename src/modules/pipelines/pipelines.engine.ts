import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config/config.js';
import type { Infrastructure } from '../../context.js';
import type { PipelineStageRow, StageResultRow } from '../../db/schema/pipelines.js';
import type { EventAudience } from '../../infra/events.js';
import { RunLog } from './pipelines.log.js';
import { toRun } from './pipelines.events.js';
import type { GitOpsDeployPort } from './pipelines.ports.js';
import { pipelinesRepository as repo, type RunRow } from './pipelines.repository.js';
import type { RunStatus } from './pipelines.schemas.js';
import { approvalStage } from './stages/approval.js';
import { buildStage } from './stages/build.js';
import { deployStage } from './stages/deploy.js';
import { notifyStage } from './stages/notify.js';
import { scriptStage } from './stages/script.js';
import { describeAbort, type StageExecutor, type StageOutcome } from './stages/types.js';

const EXECUTORS: Record<PipelineStageRow['type'], StageExecutor> = {
  script: scriptStage,
  build: buildStage,
  deploy: deployStage,
  notify: notifyStage,
  approval: approvalStage,
};

export const RESTART_REASON = 'the server restarted while this stage was running';
export const SHUTDOWN_REASON = 'the server was shut down (restarted) while this stage was running';

const nowIso = () => new Date().toISOString();
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
      return { ...r, status: runningAs.status, finishedAt: at, output: r.output ? `${r.output}${runningAs.note}\n` : `${runningAs.note}\n` };
    }
    return r;
  });
}

/** What the pipelines module is handed: its service, run verbs, run job and engine share it. */
export interface PipelinesDeps extends Pick<Infrastructure, 'db' | 'events' | 'jobs' | 'log'> {
  config: Pick<Config, 'pipelines' | 'pipelineStageTimeoutS'>;
  /** The deploy stage's GitOps client (by default the ci module's, over the organization's credential). */
  gitops: GitOpsDeployPort;
}

/** The working folder of a run (the same path in every process; removed when the run ends). */
export const workDirOf = (ctx: Pick<PipelinesDeps, 'config'>, runId: string) => join(ctx.config.pipelines.workDir, runId);

/**
 * Executes a run from stage `from` in this process. The run is claimed with a conditional update
 * first (queued -> running, or the approved continuation), so however often the job is delivered,
 * exactly one process executes each part. Every write is guarded by the run's status: a cancel
 * (from any process) wins, and the engine re-checks the status before each stage and once a second.
 */
export async function executeRun(deps: PipelinesDeps, runId: string, from: number, jobId: string, signal: AbortSignal): Promise<void> {
  const ctx = deps;
  const db = ctx.db;
  // Events about a run go to its pipeline's organization only (decision 203); set once the pipeline is read.
  let audience: EventAudience = { organizationId: null };
  const emit = (row: RunRow | undefined) => row && ctx.events.emit('pipeline.run.updated', toRun(row), audience);

  const claimed =
    from === 0
      ? await repo.updateRunIf(db, runId, ['queued'], { status: 'running', startedAt: new Date(), jobId })
      : await repo.claimResume(db, runId, from, jobId);
  if (!claimed) {
    // The same job delivered again after its process died mid-run (a stalled job): fail that run.
    const row = await repo.findRun(db, runId);
    if (row && row.status === 'running' && row.resumeAt === null && row.jobId === jobId) await failInterrupted(ctx, runId, RESTART_REASON);
    return;
  }
  const workDir = workDirOf(ctx, runId);
  const [pipeline] = await Promise.all([repo.find(db, claimed.pipelineId), mkdir(workDir, { recursive: true, mode: 0o700 })]);
  if (!pipeline) {
    await rm(workDir, { recursive: true, force: true }).catch(() => {});
    return;
  }
  audience = { organizationId: pipeline.organizationId };
  if (from === 0) emit(claimed);

  const stages = claimed.stages;
  const results: StageResultRow[] = [...claimed.stageResults];
  const stop = new AbortController();
  let current = -1;
  const log = new RunLog(
    {
      persist: (chunk, bytes, rs) => {
        if (current >= 0 && rs[current]?.status === 'running') rs[current] = { ...rs[current]!, output: log.output() };
        return repo.appendProgress(db, runId, chunk, bytes, rs);
      },
      emit: (stage, stageName, message) => ctx.events.emit('pipeline.log', { runId, stage, stageName, message }, audience),
    },
    results,
    claimed.logBytes,
    ctx.config.pipelines.logMaxBytes,
    () => stop.abort(new Error('the run was cancelled')),
  );
  const commandEnv = {
    PATH: ctx.config.pipelines.commandPath,
    HOME: workDir,
    LANG: ctx.config.pipelines.lang,
    HANGAR_RUN_ID: runId,
    HANGAR_PIPELINE_ID: pipeline.id,
    HANGAR_VERSION: claimed.version,
    HANGAR_COMMIT_SHA: claimed.commitSha,
  };
  const timeoutMs = ctx.config.pipelineStageTimeoutS * 1000;
  let keepFolder = false;

  /** Final write of a run leaving `running`; answers the updated row (undefined: someone else ended it). */
  const end = async (status: RunStatus, rs: StageResultRow[], extra: Partial<RunRow> = {}) => {
    await log.close();
    const { chunk, bytes } = log.takePending();
    const at = new Date();
    const terminal = status !== 'waiting_approval';
    // Gone before anyone can see the run finished.
    if (terminal) await rm(workDir, { recursive: true, force: true }).catch(() => {});
    const row = await db.transaction(async (tx) => {
      await repo.appendLogs(tx, runId, chunk, bytes);
      return repo.updateRunIf(tx, runId, ['running'], {
        status,
        stageResults: rs,
        jobId: null,
        ...(terminal ? { finishedAt: at, durationMs: durationOf(claimed, at) } : {}),
        ...extra,
      });
    });
    emit(row);
    return row;
  };

  try {
    for (let i = from; i < stages.length; i++) {
      const stage = stages[i]!;
      // Re-checked before every stage but the one just claimed (a cancel from anywhere wins).
      if (stop.signal.aborted || (i > from && (await repo.runStatus(db, runId)) !== 'running')) return await settleStopped(i);
      const startedAt = nowIso();
      const existing = results.findIndex((r) => r.stageId === stage.id);
      const entry: StageResultRow = { stageId: stage.id, status: 'running', startedAt, finishedAt: null, output: '' };
      if (existing >= 0) results.splice(existing, 1);
      results.push(entry);
      current = results.length - 1;
      log.beginStage(stage.id, stage.name);
      log.line(`==> stage ${i + 1}/${stages.length}: ${stage.name} (${stage.type})`);
      await log.flush();
      if (stop.signal.aborted) return await settleStopped(i);

      const timeout = new AbortController();
      const timer =
        stage.type === 'approval'
          ? undefined
          : setTimeout(() => timeout.abort(new Error(`the stage timed out after ${ctx.config.pipelineStageTimeoutS} s (PIPELINE_STAGE_TIMEOUT_S)`)), timeoutMs);
      const stageSignal = AbortSignal.any([signal, stop.signal, timeout.signal]);
      let outcome: StageOutcome;
      try {
        outcome = await EXECUTORS[stage.type]({
          db,
          run: claimed,
          pipeline: { id: pipeline.id, name: pipeline.name, organizationId: pipeline.organizationId },
          stage,
          workDir,
          signal: stageSignal,
          timeoutMs,
          config: ctx.config.pipelines,
          log: (line) => log.line(line),
          commandEnv,
          gitops: () => deps.gitops,
          notify: (event) => ctx.events.emit('pipeline.notify', event, audience),
        });
      } catch (err) {
        outcome = { status: 'failed', reason: err instanceof Error ? err.message : String(err) };
      } finally {
        if (timer) clearTimeout(timer);
      }
      if (stop.signal.aborted || (signal.aborted && !timeout.signal.aborted)) return await settleStopped(i);
      if (outcome.status === 'failed' && timeout.signal.aborted) outcome = { ...outcome, reason: describeAbort(timeout.signal.reason) };
      if (outcome.status === 'failed') log.line(`stage "${stage.name}" failed: ${outcome.reason}`);
      const done: StageResultRow = {
        ...entry,
        ...(outcome.extra ?? {}),
        status: outcome.status,
        finishedAt: outcome.status === 'waiting' ? null : nowIso(),
        output: log.output(),
        ...(outcome.status === 'failed' ? { error: outcome.reason } : {}),
      };
      results[current] = done;
      if (outcome.status === 'waiting') {
        keepFolder = true;
        await end('waiting_approval', results);
        return;
      }
      if (outcome.status === 'failed') {
        await end('failed', closeResults(stages, results, 'skipped'));
        return;
      }
    }
    await end('succeeded', closeResults(stages, results, 'skipped'));
  } finally {
    await log.close();
    if (!keepFolder) await rm(workDir, { recursive: true, force: true }).catch(() => {});
  }

  /** The run stopped under the engine: cancelled (from anywhere) or this process shutting down. */
  async function settleStopped(i: number) {
    await log.close();
    const { chunk, bytes } = log.takePending();
    const status = await repo.runStatus(db, runId);
    if (status === 'running') {
      // Not cancelled: this process is shutting down (the job's signal). Fail it rather than leave it running.
      const reason = signal.aborted && !stop.signal.aborted ? SHUTDOWN_REASON : describeAbort(signal.reason);
      await repo.appendLogs(db, runId, chunk, bytes);
      await failInterrupted(ctx, runId, reason, current >= 0 ? log.output() : undefined);
      return;
    }
    // Cancelled: keep the stage's last output in its result (the cancel verb already closed the others).
    await db.transaction(async (tx) => {
      await repo.appendLogs(tx, runId, chunk, bytes);
      const row = await repo.findRun(tx, runId, true);
      if (!row || current < 0) return;
      const stageId = stages[i]?.id;
      const rs = row.stageResults.map((r) =>
        r.stageId === stageId && r.status === 'failed' ? { ...r, output: `${log.output()}stage stopped: the run was cancelled\n` } : r,
      );
      await repo.updateRunIf(tx, runId, ['cancelled'], { stageResults: rs });
    });
  }
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
    });
  });
  if (row) ctx.events.emit('pipeline.run.updated', toRun(row), { organizationId: (await repo.find(ctx.db, row.pipelineId))?.organizationId ?? null });
  await rm(workDirOf(ctx, runId), { recursive: true, force: true }).catch(() => {});
}
