import { boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { components } from './catalog.js';
import { id, ts } from './columns.js';

/** Stored OPA evaluation results of a component (decision 617). */
export const policyResults = pgTable(
  'policy_results',
  {
    id: id(),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    policyPath: text('policy_path').notNull(),
    allowed: boolean('allowed').notNull(),
    violations: jsonb('violations').$type<string[]>().notNull().default([]),
    evaluatedAt: ts('evaluated_at').notNull().defaultNow(),
  },
  // Results are listed per component, newest first.
  (t) => [index('policy_results_component_evaluated_idx').on(t.componentId, t.evaluatedAt)],
);
