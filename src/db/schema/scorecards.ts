import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { components } from './catalog.js';
import { createdAt, id, ts, updatedAt } from './columns.js';
import { organizations } from './organizations.js';
import { teams } from './teams.js';

/** Which entities a scorecard applies to; every given list must contain the entity's value (decision 531). */
export interface ScorecardFilter {
  kinds?: string[];
  types?: string[];
  owners?: string[];
  lifecycles?: string[];
  tags?: string[];
  systems?: string[];
}

export interface ScorecardLevel {
  name: string;
  colour: string;
}

/** The condition language (decision 532): `all`/`any`/`not` over `{fact, operator, value}`. */
export type ScorecardCondition =
  | { all: ScorecardCondition[] }
  | { any: ScorecardCondition[] }
  | { not: ScorecardCondition }
  | { fact: string; operator: string; value?: unknown };

export interface ScorecardRule {
  key: string;
  title: string;
  level: string;
  weight: number;
  failureMessage: string;
  remediationUrl: string | null;
  condition: ScorecardCondition;
}

/** Each rule's outcome by key: pass, fail, no_data (a fact without a value) or exempt. */
export type RuleOutcomes = Record<string, 'pass' | 'fail' | 'no_data' | 'exempt'>;

export const scorecards = pgTable(
  'scorecards',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    filter: jsonb('filter').$type<ScorecardFilter>().notNull().default({}),
    levels: jsonb('levels').$type<ScorecardLevel[]>().notNull(),
    rules: jsonb('rules').$type<ScorecardRule[]>().notNull(),
    // Set for the shipped scorecards (decision 536): one per organization and key, restored when deleted.
    builtinKey: text('builtin_key'),
    lastEvaluatedAt: ts('last_evaluated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('scorecards_org_name_idx').on(t.organizationId, t.name, t.id),
    uniqueIndex('scorecards_org_builtin_key')
      .on(t.organizationId, t.builtinKey)
      .where(sql`${t.builtinKey} IS NOT NULL`),
    // NULLs are distinct in the index above: the shared built-in (no organization) has its own (decision 560).
    uniqueIndex('scorecards_shared_builtin_key')
      .on(t.builtinKey)
      .where(sql`${t.organizationId} IS NULL AND ${t.builtinKey} IS NOT NULL`),
  ],
);

/** The current result of each (scorecard, entity); rewritten only when it changes (decision 534). */
export const scorecardResults = pgTable(
  'scorecard_results',
  {
    scorecardId: uuid('scorecard_id')
      .notNull()
      .references(() => scorecards.id, { onDelete: 'cascade' }),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    // Copied from the entity at evaluation, so results page and filter by team and name in one table.
    componentName: text('component_name').notNull(),
    componentRef: text('component_ref').notNull(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    level: text('level'),
    // -1: no level reached; else the level's position (0 = the lowest).
    levelIndex: integer('level_index').notNull(),
    score: doublePrecision('score').notNull(),
    rules: jsonb('rules').$type<RuleOutcomes>().notNull(),
    changedAt: ts('changed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scorecardId, t.componentId] }),
    index('scorecard_results_level_idx').on(t.scorecardId, t.levelIndex, t.componentName, t.componentId),
    index('scorecard_results_team_idx').on(t.scorecardId, t.teamId, t.componentName, t.componentId),
    index('scorecard_results_name_idx').on(t.scorecardId, t.componentName, t.componentId),
    index('scorecard_results_component_idx').on(t.componentId),
  ],
);

/** Every change of a result, with its time: the history of an entity's level and score. */
export const scorecardHistory = pgTable(
  'scorecard_history',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    scorecardId: uuid('scorecard_id')
      .notNull()
      .references(() => scorecards.id, { onDelete: 'cascade' }),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    level: text('level'),
    levelIndex: integer('level_index').notNull(),
    score: doublePrecision('score').notNull(),
    rules: jsonb('rules').$type<RuleOutcomes>().notNull(),
    recordedAt: ts('recorded_at').notNull().defaultNow(),
  },
  (t) => [
    index('scorecard_history_component_idx').on(t.componentId, t.scorecardId, t.recordedAt),
    index('scorecard_history_scorecard_idx').on(t.scorecardId),
  ],
);

/** A rule waived for one entity, with a reason, until `expiresAt` (decision 535). */
export const scorecardExemptions = pgTable(
  'scorecard_exemptions',
  {
    id: id(),
    scorecardId: uuid('scorecard_id')
      .notNull()
      .references(() => scorecards.id, { onDelete: 'cascade' }),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    ruleKey: text('rule_key').notNull(),
    reason: text('reason').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('scorecard_exemptions_rule_key').on(t.scorecardId, t.componentId, t.ruleKey),
    index('scorecard_exemptions_component_idx').on(t.componentId, t.expiresAt),
  ],
);
