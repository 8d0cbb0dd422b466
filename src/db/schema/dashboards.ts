import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt, id, updatedAt } from './columns.js';

export const dashboards = pgTable(
  'dashboards',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description'),
    visibility: text('visibility').$type<'private' | 'workspace'>().notNull().default('private'),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list is newest first and always filtered by "workspace or mine".
    index('dashboards_created_idx').on(t.createdAt, t.id),
    index('dashboards_owner_created_idx').on(t.ownerId, t.createdAt),
    index('dashboards_visibility_created_idx').on(t.visibility, t.createdAt),
  ],
);

export const dashboardWidgets = pgTable(
  'dashboard_widgets',
  {
    id: id(),
    dashboardId: uuid('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    type: text('type')
      .$type<
        | 'metric_graph'
        | 'component_health'
        | 'deployment_feed'
        | 'queue_status'
        | 'slo_gauge'
        | 'alert_summary'
        | 'team_activity'
        | 'uptime_chart'
      >()
      .notNull(),
    title: text('title').notNull(),
    gridX: integer('grid_x').notNull().default(0),
    gridY: integer('grid_y').notNull().default(0),
    gridW: integer('grid_w').notNull().default(4),
    gridH: integer('grid_h').notNull().default(3),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('dashboard_widgets_dashboard_idx').on(t.dashboardId, t.createdAt)],
);
