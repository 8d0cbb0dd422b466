import type { PipelineStageRow, StageResultRow } from '../../db/schema/pipelines.js';
import { pipelinesRepository as repo } from './pipelines.repository.js';
import type { ClaimedRun } from './pipelines.run-claim.js';
import { closeResults, nowIso, type RunEnding } from './pipelines.run-finish.js';
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

// runStages' parts (decision 1170): the commands' environment, a stage's entry, and one stage's execution.

/** The environment every command of the run gets. */
function commandEnvOf({ deps, runId, pipeline, workDir, row }: ClaimedRun) {
  return {
    PATH: deps.config.pipelines.commandPath,
    HOME: workDir,
    LANG: deps.config.pipelines.lang,
    HANGAR_RUN_ID: runId,
    HANGAR_PIPELINE_ID: pipeline.id,
    HANGAR_VERSION: row.version,
    HANGAR_COMMIT_SHA: row.commitSha,
  };
}

/** The stage's `running` entry, replacing an earlier one of the same stage (a resumed run), made current. */
function beginEntry(run: ClaimedRun, stage: PipelineStageRow): StageResultRow {
  const { results } = run;
  const entry: StageResultRow = {
    stageId: stage.id,
    status: 'running',
    startedAt: nowIso(),
    finishedAt: null,
    output: '',
  };
  const existing = results.findIndex((r) => r.stageId === stage.id);
  if (existing >= 0) results.splice(existing, 1);
  results.push(entry);
  run.current = results.length - 1;
  return entry;
}

/** The stage's executor under the run's signals and the stage timeout (none for an approval): a throw is a failure. */
async function executeStage(
  run: ClaimedRun,
  stage: PipelineStageRow,
  commandEnv: ReturnType<typeof commandEnvOf>,
  signal: AbortSignal,
  timeout: AbortController,
): Promise<StageOutcome> {
  const { deps, db, pipeline, workDir, log, stop } = run;
  const ctx = deps;
  const timeoutMs = ctx.config.pipelineStageTimeoutS * 1000;
  const timer =
    stage.type === 'approval'
      ? undefined
      : setTimeout(
          () =>
            timeout.abort(
              new Error(`the stage timed out after ${ctx.config.pipelineStageTimeoutS} s (PIPELINE_STAGE_TIMEOUT_S)`),
            ),
          timeoutMs,
        );
  try {
    return await EXECUTORS[stage.type]({
      db,
      run: run.row,
      pipeline: { id: pipeline.id, name: pipeline.name, organizationId: pipeline.organizationId },
      stage,
      workDir,
      signal: AbortSignal.any([signal, stop.signal, timeout.signal]),
      timeoutMs,
      config: ctx.config.pipelines,
      log: (line) => log.line(line),
      commandEnv,
      deployments: deps.deployments,
      gitops: () => deps.gitops,
      notifyWebhook: deps.notifyWebhook,
      containerBuild: deps.containerBuild,
      scripts: deps.scripts,
      notify: (event) => ctx.events.emit('pipeline.notify', event, run.audience),
    });
  } catch (err) {
    return { status: 'failed', reason: err instanceof Error ? err.message : String(err) };
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/** Runs the stages from `from` until one fails or waits, the run is stopped, or all succeeded. */
export async function runStages(run: ClaimedRun, from: number, signal: AbortSignal): Promise<RunEnding> {
  const { db, runId, results, log, stop } = run;
  const stages = run.row.stages;
  const commandEnv = commandEnvOf(run);

  for (let i = from; i < stages.length; i++) {
    const stage = stages[i]!;
    // Re-checked before every stage but the one just claimed (a cancel from anywhere wins).
    if (stop.signal.aborted || (i > from && (await repo.runStatus(db, runId)) !== 'running'))
      return { status: 'stopped', stage: i };
    const entry = beginEntry(run, stage);
    log.beginStage(stage.id, stage.name);
    log.line(`==> stage ${i + 1}/${stages.length}: ${stage.name} (${stage.type})`);
    await log.flush();
    if (stop.signal.aborted) return { status: 'stopped', stage: i };

    const timeout = new AbortController();
    let outcome = await executeStage(run, stage, commandEnv, signal, timeout);
    if (stop.signal.aborted || (signal.aborted && !timeout.signal.aborted)) return { status: 'stopped', stage: i };
    if (outcome.status === 'failed' && timeout.signal.aborted)
      outcome = { ...outcome, reason: describeAbort(timeout.signal.reason) };
    if (outcome.status === 'failed') log.line(`stage "${stage.name}" failed: ${outcome.reason}`);
    results[run.current] = {
      ...entry,
      ...(outcome.extra ?? {}),
      status: outcome.status,
      finishedAt: outcome.status === 'waiting' ? null : nowIso(),
      output: log.output(),
      ...(outcome.status === 'failed' ? { error: outcome.reason } : {}),
    };
    if (outcome.status === 'waiting') return { status: 'waiting_approval', results };
    if (outcome.status === 'failed') return { status: 'failed', results: closeResults(stages, results, 'skipped') };
  }
  return { status: 'succeeded', results: closeResults(stages, results, 'skipped') };
}
