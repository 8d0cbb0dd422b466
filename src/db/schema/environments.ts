import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
