import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { components } from './catalog.js';
import { createdAt, id, updatedAt } from './columns.js';

export const environments = pgTable(
  'environments',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type').notNull(),
    order: integer('order').notNull().default(0),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('environments_order_idx').on(t.order, t.name)],
);

/** Written by pipeline `deploy` stages; read through /api/v1/deployments. */
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
