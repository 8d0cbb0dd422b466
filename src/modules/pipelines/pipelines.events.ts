import type { StageResultRow } from '../../db/schema/pipelines.js';
import type { EventPublisher } from '../../infra/events.js';
import type { RunRow } from './pipelines.repository.js';

/**
 * A stage's result as the API shows it. Decision 610 allows only `succeeded`, `failed`, `skipped`
 * and `waiting`: the engine's internal `running` marker (kept in the row so recovery and cancel
 * know which stage was executing) is not a result yet, so that stage is left out until it ends.
 */
export const visibleResults = (results: StageResultRow[]) => results.filter((r) => r.status !== 'running');

/** A run as the API and `pipeline.run.updated` show it (internal columns left out). */
export function toRun(row: RunRow) {
  return {
    id: row.id,
    pipelineId: row.pipelineId,
    status: row.status,
    triggeredBy: row.triggeredBy,
    version: row.version,
    commitSha: row.commitSha,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    durationMs: row.durationMs,
    logs: row.logs,
    stageResults: visibleResults(row.stageResults),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type PipelineRunView = ReturnType<typeof toRun>;

/** Run updates go to the pipeline's organization only (decision 203). */
export const emitRunUpdated = (events: EventPublisher, row: RunRow, pipeline: { organizationId: string | null }) =>
  events.emit('pipeline.run.updated', toRun(row), { organizationId: pipeline.organizationId });

export interface PipelineNotifyEvent {
  runId: string;
  pipelineId: string;
  stageId: string;
  /** The stage's id, named as in `pipeline.log`. */
  stage: string;
  channel: string;
  text: string;
  /** The same text under the stage config's field name (`message`). */
  message: string;
  /** Whether a webhook accepted it (false when NOTIFY_WEBHOOK_URL is unset or the post failed). */
  delivered: boolean;
  statusCode: number | null;
}

declare module '../../infra/events.js' {
  interface EventMap {
    /** Every status change of a run (queued, running, waiting_approval, succeeded, failed, cancelled). */
    'pipeline.run.updated': PipelineRunView;
    /**
     * One output line of a stage. `line` is its 0-based index in the run's `logs`, so a client that
     * read the run can append live lines without gaps or duplicates (decision 720).
     */
    'pipeline.log': { runId: string; stage: string; stageName: string; message: string; line: number };
    'pipeline.notify': PipelineNotifyEvent;
  }
}
