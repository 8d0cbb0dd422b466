import { Type, type Static } from 'typebox';
import { Page, PageQuery } from '../../kernel/pagination.js';
import { Nullable, NullableTimestamp, Timestamp, Uuid } from '../../kernel/schemas.js';
import { FACTS } from './scorecards.facts.js';
import { LIMITS, OPERATORS } from './scorecards.conditions.js';

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Values = Type.Array(Type.String({ minLength: 1, maxLength: 300 }), { maxItems: 100 });

export const FilterSchema = Type.Object(
  {
    kinds: Type.Optional(Values),
    types: Type.Optional(Values),
    owners: Type.Optional(Values),
    lifecycles: Type.Optional(Values),
    tags: Type.Optional(Values),
    systems: Type.Optional(Values),
  },
  {
    description:
      'Which entities the scorecard applies to: every list given must hold the entity value (tags: any of its tags); empty: every entity',
  },
);

export const LevelSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 60 }),
  colour: Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: '#rrggbb' }),
});

export const ConditionSchema = Type.Unsafe<Record<string, unknown>>(
  Type.Object(
    {},
    {
      additionalProperties: true,
      description:
        `A condition: {all: [conditions]}, {any: [conditions]}, {not: condition} or {fact, operator, value}. ` +
        `Facts: ${Object.keys(FACTS).join(', ')}. Operators: ${OPERATORS.join(', ')}. At most ${LIMITS.depth} levels and ${LIMITS.nodes} nodes.`,
    },
  ),
);

export const RuleInput = Type.Object({
  key: Type.String({
    pattern: '^[a-z0-9][a-z0-9_-]{0,59}$',
    description: 'stable id of the rule in its scorecard (exemptions name it)',
  }),
  title: Type.Optional(Type.String({ maxLength: 200 })),
  level: Type.String({ minLength: 1, maxLength: 60, description: 'the name of one of the levels' }),
  weight: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, default: 1 })),
  failureMessage: Type.Optional(Type.String({ maxLength: 1000 })),
  remediationUrl: Type.Optional(Nullable(Type.String({ maxLength: 2000, pattern: '^(https?://|/)' }))),
  condition: ConditionSchema,
});

export const CreateScorecardBody = Type.Object({
  name: Name,
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  filter: Type.Optional(FilterSchema),
  levels: Type.Array(LevelSchema, { minItems: 1, maxItems: 10, description: 'lowest first' }),
  rules: Type.Array(RuleInput, { maxItems: 100 }),
});
export type CreateScorecardBody = Static<typeof CreateScorecardBody>;

export const UpdateScorecardBody = Type.Object({
  name: Type.Optional(Name),
  description: Type.Optional(Type.String({ maxLength: 2000 })),
  filter: Type.Optional(FilterSchema),
  levels: Type.Optional(Type.Array(LevelSchema, { minItems: 1, maxItems: 10 })),
  rules: Type.Optional(Type.Array(RuleInput, { maxItems: 100 })),
});
export type UpdateScorecardBody = Static<typeof UpdateScorecardBody>;

const RuleSchema = Type.Object({
  key: Type.String(),
  title: Type.String(),
  level: Type.String(),
  weight: Type.Number(),
  failureMessage: Type.String(),
  remediationUrl: Nullable(Type.String()),
  condition: ConditionSchema,
});

export const ScorecardSchema = Type.Object(
  {
    id: Uuid,
    organizationId: Nullable(Uuid),
    name: Type.String(),
    description: Type.String(),
    filter: FilterSchema,
    levels: Type.Array(LevelSchema),
    rules: Type.Array(RuleSchema),
    builtIn: Type.Boolean({ description: 'the shipped Production readiness scorecard (restored when deleted)' }),
    lastEvaluatedAt: NullableTimestamp,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'A scorecard: levels (lowest first) and weighted rules over facts' },
);
export const ScorecardPage = Page(ScorecardSchema);

const Outcome = Type.Union([
  Type.Literal('pass'),
  Type.Literal('fail'),
  Type.Literal('no_data'),
  Type.Literal('exempt'),
]);
const Outcomes = Type.Record(Type.String(), Outcome, { description: 'each rule outcome by key' });

export const ResultSchema = Type.Object({
  componentId: Uuid,
  componentName: Type.String(),
  componentRef: Type.String(),
  teamId: Nullable(Uuid),
  level: Nullable(Type.String({ description: 'null: not even the lowest level' })),
  levelIndex: Type.Integer({ description: '-1: no level; 0: the lowest' }),
  score: Type.Number({ description: 'weighted share of passing rules, 0-100' }),
  rules: Outcomes,
  changedAt: Timestamp,
});
export const ResultPage = Page(ResultSchema);

export const ResultsQuery = Type.Object({
  ...PageQuery.properties,
  teamId: Type.Optional(Uuid),
  level: Type.Optional(
    Type.String({ maxLength: 60, description: 'a level name, or "none" for entities below the lowest level' }),
  ),
});
export type ResultsQuery = Static<typeof ResultsQuery>;

export const EntityRuleSchema = Type.Object({
  key: Type.String(),
  title: Type.String(),
  level: Type.String(),
  weight: Type.Number(),
  outcome: Outcome,
  failureMessage: Type.String(),
  remediationUrl: Nullable(Type.String()),
});
export const EntityResultSchema = Type.Object({
  scorecardId: Uuid,
  scorecardName: Type.String(),
  levels: Type.Array(LevelSchema),
  level: Nullable(Type.String()),
  levelIndex: Type.Integer(),
  score: Type.Number(),
  changedAt: Timestamp,
  evaluatedAt: NullableTimestamp,
  rules: Type.Array(EntityRuleSchema),
});

export const HistoryQuery = Type.Object({ ...PageQuery.properties, scorecardId: Type.Optional(Uuid) });
export type HistoryQuery = Static<typeof HistoryQuery>;
export const HistoryEntrySchema = Type.Object({
  scorecardId: Uuid,
  level: Nullable(Type.String()),
  levelIndex: Type.Integer(),
  score: Type.Number(),
  rules: Outcomes,
  recordedAt: Timestamp,
});
export const HistoryPage = Page(HistoryEntrySchema);

export const TeamSummarySchema = Type.Object({
  teamId: Uuid,
  scorecards: Type.Array(
    Type.Object({
      scorecardId: Uuid,
      name: Type.String(),
      total: Type.Integer(),
      averageScore: Nullable(Type.Number()),
      levels: Type.Array(
        Type.Object({
          name: Nullable(Type.String({ description: 'null: below the lowest level' })),
          colour: Nullable(Type.String()),
          count: Type.Integer(),
        }),
      ),
    }),
  ),
});

export const CreateExemptionBody = Type.Object({
  componentId: Uuid,
  ruleKey: Type.String({ minLength: 1, maxLength: 60 }),
  reason: Type.String({ minLength: 1, maxLength: 2000 }),
  expiresAt: Type.String({ format: 'date-time', description: 'when the waiver ends (must be in the future)' }),
});
export type CreateExemptionBody = Static<typeof CreateExemptionBody>;

export const ExemptionSchema = Type.Object({
  id: Uuid,
  scorecardId: Uuid,
  componentId: Uuid,
  ruleKey: Type.String(),
  reason: Type.String(),
  expiresAt: Timestamp,
  active: Type.Boolean(),
  createdBy: Nullable(Uuid),
  createdAt: Timestamp,
});
export const ExemptionPage = Page(ExemptionSchema);

export const ExemptionsQuery = Type.Object({
  ...PageQuery.properties,
  /** Only this entity's exemptions (the entity page's Scorecards tab, decision 543). */
  componentId: Type.Optional(Uuid),
});
export type ExemptionsQuery = Static<typeof ExemptionsQuery>;

export const ScorecardExemptionParams = Type.Object({ id: Uuid, exemptionId: Uuid });
export const EvaluationQueued = Type.Object({ queued: Type.Boolean() });
