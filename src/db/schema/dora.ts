import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { components } from './catalog.js';
import { ts } from './columns.js';
import { deployments } from './deployments.js';
import { environments } from './environments.js';
import { organizations } from './organizations.js';

/**
 * The DORA module's facts (decision 566): one row per successful deployment Hangar recorded, written
 * by the `dora.deployment.ingest` job when the deployment is recorded (never at query time). The
 * columns a figure is filtered by (organization, component, team, environment, production) are
 * copied here so every aggregate is one range scan of one index.
 */
export const doraDeployments = pgTable(
  'dora_deployments',
  {
    deploymentId: uuid('deployment_id')
      .primaryKey()
      .references(() => deployments.id, { onDelete: 'cascade' }),
    // The organization of the pipeline that deployed it; null: a record without one (decision 567).
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    // The component's team when it was deployed (no foreign key: history outlives a team).
    teamId: uuid('team_id'),
    production: boolean('production').notNull(),
    version: text('version').notNull(),
    revision: text('revision'),
    previousDeploymentId: uuid('previous_deployment_id'),
    deployedAt: ts('deployed_at').notNull(),
    rolledBackAt: ts('rolled_back_at'),
    // pending | read | no_repository | no_revision | failed (decision 568)
    changesStatus: text('changes_status')
      .$type<'pending' | 'read' | 'no_repository' | 'no_revision' | 'failed'>()
      .notNull()
      .default('pending'),
    changesError: text('changes_error'),
    changeCount: integer('change_count').notNull().default(0),
    skewedCount: integer('skewed_count').notNull().default(0),
  },
  (t) => [
    // Trailing columns: the metrics read the window with an index-only scan (decision 570).
    index('dora_deployments_org_prod_idx').on(
      t.organizationId,
      t.production,
      t.deployedAt,
      t.deploymentId,
      t.rolledBackAt,
      t.changesStatus,
    ),
    index('dora_deployments_component_idx').on(t.componentId, t.deployedAt),
    index('dora_deployments_team_idx').on(t.teamId, t.deployedAt),
    index('dora_deployments_environment_idx').on(t.environmentId, t.deployedAt),
    index('dora_deployments_pending_idx')
      .on(t.deploymentId)
      .where(sql`changes_status = 'pending'`),
  ],
);

/** The commits a deployment shipped (decision 568): commit time is the change's start. */
export const doraChanges = pgTable(
  'dora_changes',
  {
    deploymentId: uuid('deployment_id')
      .notNull()
      .references(() => doraDeployments.deploymentId, { onDelete: 'cascade' }),
    sha: text('sha').notNull(),
    committedAt: ts('committed_at').notNull(),
    // Copied from the deployment so lead-time aggregates read one table.
    organizationId: uuid('organization_id'),
    componentId: uuid('component_id').notNull(),
    environmentId: uuid('environment_id').notNull(),
    teamId: uuid('team_id'),
    production: boolean('production').notNull(),
    deployedAt: ts('deployed_at').notNull(),
    // deployed_at - committed_at; negative: a skewed clock, excluded from the lead time and counted.
    leadSeconds: doublePrecision('lead_seconds').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.deploymentId, t.sha] }),
    // lead_seconds last: the lead-time aggregates are index-only scans (decision 570).
    index('dora_changes_org_prod_idx').on(t.organizationId, t.production, t.deployedAt, t.leadSeconds),
    index('dora_changes_component_idx').on(t.componentId, t.deployedAt, t.leadSeconds),
    index('dora_changes_team_idx').on(t.teamId, t.deployedAt, t.leadSeconds),
    index('dora_changes_environment_idx').on(t.environmentId, t.deployedAt, t.leadSeconds),
  ],
);
