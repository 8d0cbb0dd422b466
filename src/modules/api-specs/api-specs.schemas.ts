import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from '../../kernel/schemas.js';

/** A response timestamp: the service hands over Date objects, the serialiser writes ISO 8601. */
const DateTime = Timestamp;
const NullableDateTime = Type.Union([DateTime, Type.Null()]);

/** `openapi` or `asyncapi`; specs the catalog imports from other API entity types keep their `spec.type` (graphql, grpc, …) and are stored as text. */
export const SpecFormatSchema = Type.String({
  description: 'openapi or asyncapi (catalog definitions of other types keep their spec.type and are stored as text)',
});
export const SpecStatusSchema = Type.Union([
  Type.Literal('active'),
  Type.Literal('deprecated'),
  Type.Literal('sunset'),
]);
export type SpecStatus = Static<typeof SpecStatusSchema>;
// Enums in request bodies (not unions of literals) so a 400 says "must be one of: …".
const FormatInput = Type.Enum(['openapi', 'asyncapi'] as const, {
  description: 'detected from the content when omitted',
});
const StatusInput = Type.Enum(['active', 'deprecated', 'sunset'] as const, {
  description: 'active -> deprecated -> sunset',
});
/**
 * ISO 8601 date or date-time (`2030-01-01`, `2030-01-01T00:00:00Z`, `…+02:00`); without a zone it
 * is UTC. null clears the date. The service rejects impossible dates (2030-02-31).
 */
const IsoDate = Type.Union([
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}([Tt ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?([Zz]|[+-]\\d{2}(:?\\d{2})?)?)?$',
    maxLength: 40,
    description: 'ISO 8601 date or date-time',
  }),
  Type.Null(),
]);

export const CreateApiSpecBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    format: Type.Optional(FormatInput),
    version: Type.String({ minLength: 1, maxLength: 100, description: 'free-form version string' }),
    spec: Type.Union([
      Type.String({
        minLength: 1,
        description: 'raw YAML or JSON of the specification, at most API_SPEC_MAX_BYTES (16 MiB by default)',
      }),
      // A client that sends the parsed document instead of its text: stored as JSON text.
      Type.Record(Type.String(), Type.Unknown(), {
        description: 'the specification as a JSON object (stored as JSON text)',
      }),
    ]),
  },
  { additionalProperties: false },
);
export type CreateApiSpecBody = Static<typeof CreateApiSpecBody>;

export const UpdateApiSpecBody = Type.Object(
  {
    status: Type.Optional(StatusInput),
    deprecatedAt: Type.Optional(IsoDate),
    sunsetAt: Type.Optional(IsoDate),
  },
  { additionalProperties: false },
);
export type UpdateApiSpecBody = Static<typeof UpdateApiSpecBody>;

export const ProblemSchema = Type.Object(
  {
    pointer: Type.String({
      description: 'JSON pointer into the submitted document, as a URI fragment (`#/paths/~1pets/get`)',
    }),
    message: Type.String(),
  },
  { description: 'a structural problem found by validation against the official schema' },
);

const specFields = {
  id: Uuid,
  componentId: Uuid,
  name: Type.String(),
  format: SpecFormatSchema,
  version: Type.String(),
  status: SpecStatusSchema,
  problems: Type.Array(ProblemSchema, {
    description:
      'structural problems of the document (at most 100); the spec registered and diffs anyway. Empty when valid.',
  }),
  deprecatedAt: NullableDateTime,
  sunsetAt: NullableDateTime,
  createdAt: DateTime,
  updatedAt: DateTime,
};

export const ApiSpecSummary = Type.Object(specFields, { description: 'An API specification without its raw content' });
export const ApiSpecFull = Type.Object(
  { ...specFields, spec: Type.String({ description: 'raw YAML or JSON content, as uploaded' }) },
  { description: 'An API specification with its raw content' },
);
export const ApiSpecList = Type.Array(ApiSpecSummary);

export const ApiSpecStatusResponse = Type.Object({
  id: Uuid,
  status: SpecStatusSchema,
  deprecatedAt: NullableDateTime,
  sunsetAt: NullableDateTime,
  updatedAt: DateTime,
});

export const DiffQuery = Type.Object({
  compareWith: Type.String({ format: 'uuid', description: 'id of the OLD version; :id is the new version' }),
  skip: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 1_000_000,
      description: 'entries to skip (breaking first); paging is optional',
    }),
  ),
  take: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 1000,
      description: 'entries to answer at most; without it every entry from skip on',
    }),
  ),
});

export const ReachesQuery = Type.Object({
  compareWith: Type.String({ format: 'uuid', description: 'id of the OLD version, as given to the diff' }),
  entry: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    description:
      "the entry's index among the diff's entries (0-based, breaking first: the numbering of the diff's skip)",
  }),
  skip: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0, description: 'operations to skip (sorted)' }),
  take: Type.Integer({ minimum: 1, maximum: 1000, default: 20, description: 'operations to answer at most (1-1000)' }),
});
export type ReachesQuery = Static<typeof ReachesQuery>;

export const ReachesPageSchema = Type.Object({
  entry: Type.Integer({ description: 'the index asked for' }),
  path: Type.String({ description: "the entry's path (the schema's JSON pointer): check it is the entry you meant" }),
  location: Type.String({ description: "the entry's location" }),
  rule: Type.String({ description: "the entry's rule" }),
  data: Type.Array(Type.String(), {
    description: 'operations (channels, webhooks) the change reaches, sorted; empty for an entry without reaches',
  }),
  total: Type.Integer({ description: "how many it reaches in all (the entry's reaches.count)" }),
  skip: Type.Integer(),
  take: Type.Integer(),
});

const LevelSchema = Type.Union([Type.Literal('error'), Type.Literal('warning'), Type.Literal('info')]);

export const DiffEntrySchema = Type.Object({
  type: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('modified')]),
  breaking: Type.Boolean({ description: 'true exactly when level is error' }),
  path: Type.String({
    description:
      'a method plus path, a path, a channel, an AsyncAPI operation, or for a schema entry the JSON pointer of the schema that changed',
  }),
  detail: Type.String(),
  rule: Type.String({ description: 'stable kebab-case rule id (docs/modules/api-specs.md lists them all)' }),
  level: LevelSchema,
  location: Type.String({
    description:
      'where in the operation or schema, e.g. `request.body application/json /properties/name` or `response schema /properties/id`',
  }),
  reaches: Type.Optional(
    Type.Object(
      {
        count: Type.Integer({
          description: 'how many operations (or channels, webhooks) use the schema, directly or through other schemas',
        }),
        operations: Type.Array(Type.String(), {
          description:
            'the first 20 of them, sorted; all of them, paged: GET /api/v1/api-specs/{id}/diff/reaches?compareWith=…&entry=<index of the entry>',
        }),
      },
      { description: 'schema entries only: what the change reaches' },
    ),
  ),
});

export const SpecDiffResultSchema = Type.Object({
  totalChanges: Type.Integer(),
  breakingChanges: Type.Integer(),
  summary: Type.Object(
    {
      error: Type.Integer(),
      warning: Type.Integer(),
      info: Type.Integer(),
      rules: Type.Array(Type.Object({ rule: Type.String(), level: LevelSchema, count: Type.Integer() }), {
        description: 'counts per rule, breaking rules first, then by count',
      }),
    },
    { description: 'counts of all entries (not only the answered page) per level and per rule' },
  ),
  entries: Type.Array(DiffEntrySchema, {
    description: 'breaking first, then warnings, then info; the requested page when skip/take are given',
  }),
  affectedConsumers: Type.Optional(
    Type.Array(Type.Object({ componentId: Type.Optional(Uuid), teamId: Type.Optional(Uuid), name: Type.String() }), {
      description: 'the registered consumers of the old spec; present when breakingChanges > 0',
    }),
  ),
});

export const ConsumerBody = Type.Object(
  {
    consumerComponentId: Type.Optional(Type.Union([Uuid, Type.Null()])),
    consumerTeamId: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  {
    additionalProperties: false,
    description: 'at least one of the two (null counts as absent); both give one consumer record carrying both',
  },
);
export type ConsumerBody = Static<typeof ConsumerBody>;

export const ConsumerSchema = Type.Object({
  id: Uuid,
  apiSpecId: Uuid,
  consumerComponentId: Type.Union([Uuid, Type.Null()]),
  consumerTeamId: Type.Union([Uuid, Type.Null()]),
  createdAt: DateTime,
});
export const ConsumerList = Type.Array(ConsumerSchema);

export const ConsumerParams = Type.Object({ id: Uuid, consumerId: Uuid });
