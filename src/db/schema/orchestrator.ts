import { pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/**
 * The last phase seen of each Argo Rollout (by uid), so `rollout.updated` carries `previousPhase`
 * across restarts and leader changes, and a phase change is emitted once: only the process whose
 * conditional update moves the row emits it.
 */
export const orchestratorRolloutPhases = pgTable('orchestrator_rollout_phases', {
  uid: text('uid').primaryKey(),
  namespace: text('namespace').notNull(),
  name: text('name').notNull(),
  phase: text('phase').notNull(),
  previousPhase: text('previous_phase'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
