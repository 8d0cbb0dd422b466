import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { components } from './catalog.js';
import { createdAt, id, updatedAt } from './columns.js';
import { environments } from './environments.js';
import { organizations } from './organizations.js';

/**
 * Written by pipeline `deploy` stages and by deployment events from outside (`POST
 * /api/v1/deployments/events`, the GitHub, GitLab and Argo CD receivers) through the deployments
 * module's verbs; read through /api/v1/deployments.
 */
export const deployments = pgTable(
  'deployments',
  {
    id: id(),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    status: text('status').notNull(),
    deployedBy: uuid('deployed_by'),
    pipelineRunId: uuid('pipeline_run_id'),
    // An event's organization (X-Organization-Id; decision 861). Null for a pipeline's deployment,
    // whose organization is its pipeline's (decision 567), and for events sent without one.
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    // Set by deployment events only (decision 860): who reported it and under which id of theirs.
    source: text('source'),
    externalId: text('external_id'),
    revision: text('revision'),
    url: text('url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('deployments_component_idx').on(t.componentId, t.createdAt),
    index('deployments_environment_idx').on(t.environmentId, t.createdAt),
    index('deployments_created_idx').on(t.createdAt),
    index('deployments_status_idx').on(t.status, t.createdAt),
    // One deployment per (source, externalId) within an organization; "no organization" is one more
    // (the zero UUID), so twenty copies of one event race to a single row (decision 861).
    uniqueIndex('deployments_external_key')
      .on(sql`coalesce(${t.organizationId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.source, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
  ],
);
