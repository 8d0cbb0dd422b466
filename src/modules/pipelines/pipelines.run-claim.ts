import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config/config.js';
import type { Infrastructure } from '../../context.js';
import type { Database } from '../../db/client.js';
import type { StageResultRow } from '../../db/schema/pipelines.js';
import type { EventAudience } from '../../infra/events.js';
import { toRun } from './pipelines.events.js';
import type { DeploymentsService } from '../deployments/index.js';
import type { PermissionsService } from '../permissions/index.js';
import { countLines, RunLog } from './pipelines.log.js';
import { pipelinesRepository as repo, type PipelineRow, type RunRow } from './pipelines.repository.js';
import type { ContainerBuildPort, GitOpsDeployPort, NotifyWebhookPort, ScriptRunnerPort } from './pipelines.ports.js';

/** What the pipelines module is handed: its service, run verbs, run job and engine share it. */
export interface PipelinesDeps extends Pick<Infrastructure, 'db' | 'events' | 'jobs' | 'log'> {
  config: Pick<Config, 'pipelines' | 'pipelineStageTimeoutS'>;
  /** The deploy stage's GitOps client (by default the ci module's, over the organization's credential). */
  gitops: GitOpsDeployPort;
  /** The notify stage's webhook (decision 512); undefined when NOTIFY_WEBHOOK_URL is not set. */
  notifyWebhook: NotifyWebhookPort | undefined;
  /** The build stage's OCI build tools: docker, buildah, podman (decision 514). */
  containerBuild: ContainerBuildPort;
  /** The script stage's shell: `sh -c` through the process-group runner (decision 1053). */
  scripts: ScriptRunnerPort;
  /** The deployments module's write verbs: the deploy stage records through them. */
  deployments: Pick<DeploymentsService, 'record' | 'setStatus'>;
  /** The permission policy: pipelines of an entity belong to its owning team (decision 959). */
  permissions: Pick<PermissionsService, 'require'>;
}

/** The working folder of a run (the same path in every process; removed when the run ends). */
export const workDirOf = (ctx: Pick<PipelinesDeps, 'config'>, runId: string) =>
  join(ctx.config.pipelines.workDir, runId);

/** A run this process claimed: what its stages and its final write share. */
export interface ClaimedRun {
  deps: PipelinesDeps;
  db: Database;
  runId: string;
  row: RunRow;
  pipeline: PipelineRow;
  workDir: string;
  /** Stage results so far; the running stage's entry is `results[current]`. */
  results: StageResultRow[];
  current: number;
  log: RunLog;
  /** Aborted when the run is cancelled (the log's status check sees it). */
  stop: AbortController;
  /** Kept for the continuation when the run waits for an approval. */
  keepFolder: boolean;
  emit(row: RunRow | undefined): void;
  audience: EventAudience;
}

/**
 * Claims the run with a conditional update (queued -> running, or the approved continuation) and
 * prepares its working folder and log. `stalled`: this job already ran it in a process that died;
 * undefined: another delivery or process has it, or the pipeline is gone.
 */
export async function claimRun(
  deps: PipelinesDeps,
  runId: string,
  from: number,
  jobId: string,
): Promise<ClaimedRun | 'stalled' | undefined> {
  const ctx = deps;
  const db = ctx.db;
  const claimed =
    from === 0
      ? await repo.updateRunIf(db, runId, ['queued'], { status: 'running', startedAt: new Date(), jobId, jobFrom: 0 })
      : await repo.claimResume(db, runId, from, jobId);
  if (!claimed) {
    const row = await repo.findRun(db, runId);
    return row && row.status === 'running' && row.resumeAt === null && row.jobId === jobId ? 'stalled' : undefined;
  }
  const workDir = workDirOf(ctx, runId);
  const [pipeline] = await Promise.all([
    repo.find(db, claimed.pipelineId),
    mkdir(workDir, { recursive: true, mode: 0o700 }),
  ]);
  if (!pipeline) {
    await rm(workDir, { recursive: true, force: true }).catch(() => {});
    return undefined;
  }
  // Events about a run go to its pipeline's organization only (decision 203).
  const audience: EventAudience = { organizationId: pipeline.organizationId };
  const results: StageResultRow[] = [...claimed.stageResults];
  const stop = new AbortController();
  const run: ClaimedRun = {
    deps,
    db,
    runId,
    row: claimed,
    pipeline,
    workDir,
    results,
    current: -1,
    stop,
    keepFolder: false,
    audience,
    emit: (row) => row && ctx.events.emit('pipeline.run.updated', toRun(row), audience),
    log: new RunLog(
      {
        persist: (chunk, bytes, rs) => {
          if (run.current >= 0 && rs[run.current]?.status === 'running')
            rs[run.current] = { ...rs[run.current]!, output: run.log.output() };
          return repo.appendProgress(db, runId, chunk, bytes, rs);
        },
        emit: (stage, stageName, message, line) =>
          ctx.events.emit('pipeline.log', { runId, stage, stageName, message, line }, audience),
      },
      results,
      claimed.logBytes,
      ctx.config.pipelines.logMaxBytes,
      () => stop.abort(new Error('the run was cancelled')),
      // A continuation after an approval numbers its lines after those already kept (decision 720).
      countLines(claimed.logs),
    ),
  };
  if (from === 0) run.emit(claimed);
  return run;
}
