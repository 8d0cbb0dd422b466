import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { components } from './catalog.js';
import { createdAt, id, ts, updatedAt } from './columns.js';
import { iacModules } from './iac-modules.js';

/** A deployable unit of infrastructure code, keyed by name + environment (the upsert key of imports). */
export const iacStacks = pgTable(
  'iac_stacks',
  {
    id: id(),
    name: text('name').notNull(),
    environment: text('environment').notNull(),
    provider: text('provider'),
    repositoryUrl: text('repository_url'),
    basePath: text('base_path'),
    externalToolUrl: text('external_tool_url'),
    componentId: uuid('component_id').references(() => components.id, { onDelete: 'set null' }),
    // The run with the newest startedAt, maintained by a guarded UPDATE at ingestion so lists and the
    // dashboard read it with one join; latestRunStartedAt is the guard (an older run never replaces it).
    latestRunId: uuid('latest_run_id').references((): AnyPgColumn => iacRuns.id, { onDelete: 'set null' }),
    latestRunStartedAt: ts('latest_run_started_at'),
    // Incremented with every ingested run (same transaction): the runs list's total without a count(*).
    runCount: integer('run_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('iac_stacks_name_environment_key').on(t.name, t.environment),
    index('iac_stacks_environment_name_idx').on(t.environment, t.name),
    index('iac_stacks_component_idx').on(t.componentId),
  ],
);

export const iacRuns = pgTable(
  'iac_runs',
  {
    id: id(),
    stackId: uuid('stack_id')
      .notNull()
      .references(() => iacStacks.id, { onDelete: 'cascade' }),
    stackName: text('stack_name').notNull(),
    environment: text('environment').notNull(),
    provider: text('provider'),
    type: text('type').notNull(),
    status: text('status').notNull(),
    changesAdd: integer('changes_add').notNull().default(0),
    changesChange: integer('changes_change').notNull().default(0),
    changesDestroy: integer('changes_destroy').notNull().default(0),
    triggeredBy: text('triggered_by'),
    pipelineUrl: text('pipeline_url'),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
    durationMs: bigint('duration_ms', { mode: 'number' }),
    createdAt: createdAt(),
  },
  // Serves the runs list (newest first, paged) of one stack, scanned backwards. Ascending on purpose:
  // drizzle's .desc() means DESC NULLS LAST, which does not match ORDER BY started_at DESC (NULLS FIRST).
  (t) => [index('iac_runs_stack_started_id_idx').on(t.stackId, t.startedAt, t.id)],
);

/** One reported module drift: an append-only history, listed newest detection first. */
export const iacModuleDrift = pgTable(
  'iac_module_drift',
  {
    id: id(),
    stackPath: text('stack_path').notNull(),
    moduleName: text('module_name').notNull(),
    sourceUrl: text('source_url').notNull(),
    currentRef: text('current_ref').notNull(),
    latestRef: text('latest_ref').notNull(),
    versionsBehind: integer('versions_behind').notNull(),
    moduleId: uuid('module_id').references(() => iacModules.id, { onDelete: 'set null' }),
    latestKnownVersion: text('latest_known_version'),
    // Insertion order within one call breaks ties of detectedAt.
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    detectedAt: ts('detected_at')
      .notNull()
      .default(sql`now()`),
    createdAt: createdAt(),
  },
  // Newest first = a backward scan (see iac_runs for why the index is ascending).
  (t) => [index('iac_module_drift_detected_seq_idx').on(t.detectedAt, t.seq)],
);

/** Topology: the current resource graph of a stack, replaced wholesale on every ingestion. */
export const iacResourceNodes = pgTable(
  'iac_resource_nodes',
  {
    stackId: uuid('stack_id')
      .notNull()
      .references(() => iacStacks.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    type: text('type').notNull(),
    provider: text('provider').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ name: 'iac_resource_nodes_pkey', columns: [t.stackId, t.address] })],
);

export const iacResourceEdges = pgTable(
  'iac_resource_edges',
  {
    stackId: uuid('stack_id')
      .notNull()
      .references(() => iacStacks.id, { onDelete: 'cascade' }),
    sourceAddress: text('source_address').notNull(),
    targetAddress: text('target_address').notNull(),
  },
  (t) => [primaryKey({ name: 'iac_resource_edges_pkey', columns: [t.stackId, t.sourceAddress, t.targetAddress] })],
);
