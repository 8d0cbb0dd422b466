import { Type, type Static } from 'typebox';
import { JsonObject, Timestamp, Uuid } from '../../kernel/schemas.js';

export const PolicyStatusSchema = Type.Object(
  { reachable: Type.Boolean(), url: Type.String() },
  { description: 'Reachability of the policy server' },
);

export const EvaluationResultSchema = Type.Object(
  {
    policyPath: Type.String(),
    allowed: Type.Boolean(),
    violations: Type.Array(Type.String()),
    id: Type.Optional(Uuid),
    componentId: Type.Optional(Uuid),
    evaluatedAt: Type.Optional(Timestamp),
  },
  { description: 'An evaluation result; `id`, `componentId` and `evaluatedAt` when it was stored' },
);

export const StoredResultSchema = Type.Object({
  id: Uuid,
  componentId: Uuid,
  policyPath: Type.String(),
  allowed: Type.Boolean(),
  violations: Type.Array(Type.String()),
  evaluatedAt: Timestamp,
});

export const EvaluateBody = Type.Object(
  {
    policyPath: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'rule path, e.g. `hangar/deploy/allow` or `hangar.deploy`',
    }),
    input: JsonObject,
    componentId: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type EvaluateBody = Static<typeof EvaluateBody>;

export const ComponentIdParams = Type.Object({ componentId: Uuid });
