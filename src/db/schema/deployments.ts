import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { components } from './catalog.js';
import { createdAt, id, updatedAt } from './columns.js';
import { environments } from './environments.js';

/** Written by pipeline `deploy` stages through the deployments module's verbs; read through /api/v1/deployments. */
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('deployments_component_idx').on(t.componentId, t.createdAt),
    index('deployments_environment_idx').on(t.environmentId, t.createdAt),
    index('deployments_created_idx').on(t.createdAt),
    index('deployments_status_idx').on(t.status, t.createdAt),
  ],
);
