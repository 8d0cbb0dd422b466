import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { components } from './catalog.js';
import { createdAt, id, ts, updatedAt } from './columns.js';
import { organizations } from './organizations.js';

/** One stage of a pipeline definition (decision 610, PipelineStage). */
export interface PipelineStageRow {
  id: string;
  name: string;
  type: 'script' | 'approval' | 'deploy' | 'notify' | 'build';
  order: number;
  config: Record<string, unknown>;
}

/** One entry of a run's `stageResults`. */
export interface StageResultRow {
  stageId: string;
  status: 'running' | 'succeeded' | 'failed' | 'skipped' | 'waiting';
  startedAt: string | null;
  finishedAt: string | null;
  output: string;
  [extra: string]: unknown;
}

export const pipelines = pgTable(
  'pipelines',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    stages: jsonb('stages').$type<PipelineStageRow[]>().notNull().default([]),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    // The entity the pipeline delivers: its owning team's members may run it (decision 959).
    componentId: uuid('component_id').references(() => components.id, { onDelete: 'set null' }),
    // No foreign key: a pipeline keeps naming its author after the account is gone.
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pipelines_name_key').on(t.name),
    // Lists are per organization (or the null organization), newest first.
    index('pipelines_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('pipelines_created_idx').on(t.createdAt, t.id),
    index('pipelines_component_idx').on(t.componentId),
  ],
);

export const pipelineRuns = pgTable(
  'pipeline_runs',
  {
    id: id(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => pipelines.id, { onDelete: 'cascade' }),
    status: text('status')
      .$type<'queued' | 'running' | 'waiting_approval' | 'succeeded' | 'failed' | 'cancelled'>()
      .notNull()
      .default('queued'),
    triggeredBy: uuid('triggered_by').notNull(),
    version: text('version').notNull().default('latest'),
    commitSha: text('commit_sha').notNull().default('0000000'),
    // The stages as they were when the run was triggered: editing the pipeline never changes a run.
    stages: jsonb('stages').$type<PipelineStageRow[]>().notNull().default([]),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    durationMs: integer('duration_ms'),
    logs: text('logs').notNull().default(''),
    // Bytes of output kept so far (PIPELINE_LOG_MAX_BYTES is per run, across processes and resumes).
    logBytes: integer('log_bytes').notNull().default(0),
    stageResults: jsonb('stage_results').$type<StageResultRow[]>().notNull().default([]),
    // Set by approve: the stage index a continuation job claims (so exactly one process resumes it).
    resumeAt: integer('resume_at'),
    // The job executing the run right now, for cancel.
    jobId: text('job_id'),
    // The stage index that job started at: what recovery re-enqueues a running run from (decision 924).
    jobFrom: integer('job_from'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pipeline_runs_pipeline_created_idx').on(t.pipelineId, t.createdAt, t.id),
    index('pipeline_runs_created_idx').on(t.createdAt, t.id),
    // Restart recovery scans only unfinished runs.
    index('pipeline_runs_unfinished_idx')
      .on(t.status)
      .where(sql`status IN ('queued', 'running', 'waiting_approval')`),
  ],
);
