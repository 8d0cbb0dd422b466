import { Type, type Static } from 'typebox';
import { ACTIONS } from './permissions.policy.js';

export const MAX_CHECKS = 100;

export const CheckBody = Type.Object({
  checks: Type.Array(
    Type.Object({
      action: Type.Union(
        ACTIONS.map((a) => Type.Literal(a)),
        { description: 'What the caller would do (docs/modules/permissions.md lists the table)' },
      ),
      resourceId: Type.String({
        format: 'uuid',
        description:
          'The entity, incident or team the action is about (`entity.create` and `team.manageMembers`: the team)',
      }),
    }),
    { minItems: 1, maxItems: MAX_CHECKS },
  ),
});
export type CheckBody = Static<typeof CheckBody>;

export const DecisionSchema = Type.Object({ allowed: Type.Boolean(), reason: Type.String() });

export const CheckResult = Type.Object({ results: Type.Array(DecisionSchema) });

/** What an entity answer says its caller may do (decision 954). */
export const EntityPermissionsSchema = Type.Object(
  { update: Type.Boolean(), delete: Type.Boolean() },
  { description: 'What the caller may do to this entity (docs/modules/permissions.md)' },
);
