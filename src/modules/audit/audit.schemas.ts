import { Type, type Static } from 'typebox';
import { Nullable } from '../../kernel/schemas.js';

export const AuditFilterQuery = Type.Object({
  actor: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "the actor's user id or username" })),
  action: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'an action prefix, e.g. `catalog.` or `catalog.entity.update`',
    }),
  ),
  resourceType: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  resourceId: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  outcome: Type.Optional(Type.Union([Type.Literal('success'), Type.Literal('denied'), Type.Literal('failed')])),
  from: Type.Optional(Type.String({ format: 'date-time', description: 'records at or after (ISO 8601)' })),
  to: Type.Optional(Type.String({ format: 'date-time', description: 'records before (ISO 8601)' })),
});
export type AuditFilterQuery = Static<typeof AuditFilterQuery>;

export const AuditListQuery = Type.Intersect([
  AuditFilterQuery,
  Type.Object({
    cursor: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'the `nextCursor` of the previous page' }),
    ),
    limit: Type.Integer({ minimum: 1, maximum: 500, default: 50 }),
  }),
]);

export const AuditExportQuery = Type.Intersect([
  AuditFilterQuery,
  Type.Object({ format: Type.Union([Type.Literal('ndjson'), Type.Literal('csv')], { default: 'ndjson' }) }),
]);

export const VerifyQuery = Type.Object({
  from: Type.Optional(Type.String({ format: 'date-time' })),
  to: Type.Optional(Type.String({ format: 'date-time' })),
});

export const AuditRecordSchema = Type.Object(
  {
    id: Type.String(),
    at: Type.String({ format: 'date-time' }),
    actor: Type.Object({ userId: Nullable(Type.String()), username: Nullable(Type.String()), via: Type.String() }),
    organizationId: Nullable(Type.String()),
    action: Type.String(),
    resource: Type.Object({ type: Nullable(Type.String()), id: Nullable(Type.String()), ref: Nullable(Type.String()) }),
    outcome: Type.String(),
    statusCode: Nullable(Type.Integer()),
    requestId: Nullable(Type.String()),
    ip: Nullable(Type.String()),
    userAgent: Nullable(Type.String()),
    changes: Type.Unsafe<Record<string, [unknown, unknown]> | null>({
      type: ['object', 'null'],
      additionalProperties: {},
      description: '{field: [before, after]}; secrets as "***"',
    }),
    seq: Nullable(
      Type.Integer({ description: "the record's place in its chain; null until sealed, moments after its commit" }),
    ),
    hash: Nullable(Type.String()),
  },
  { $id: 'AuditRecord' },
);

export const AuditPageSchema = Type.Object({
  data: Type.Array(Type.Ref('AuditRecord')),
  nextCursor: Nullable(Type.String()),
});

export const VerifySchema = Type.Object({
  ok: Type.Boolean(),
  checked: Type.Integer(),
  pending: Type.Integer({
    description:
      'records not sealed yet (their transaction, or another writer of the same chain, still open): not checked, not counted as tampered',
  }),
  firstBad: Nullable(
    Type.Object({
      id: Nullable(Type.String()),
      seq: Type.Integer(),
      at: Nullable(Type.String()),
      reason: Type.String(),
    }),
  ),
});

/** The query's dates, checked as a range. */
export function filterOf(q: AuditFilterQuery) {
  const { from, to, ...rest } = q;
  return { ...rest, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined };
}
