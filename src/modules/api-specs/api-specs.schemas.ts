import { Type, type Static } from 'typebox';
import { Timestamp, Uuid } from '../../kernel/schemas.js';

/** A response timestamp: the service hands over Date objects, the serialiser writes ISO 8601. */
const DateTime = Timestamp;
const NullableDateTime = Type.Union([DateTime, Type.Null()]);

export const SpecFormatSchema = Type.Union([Type.Literal('openapi'), Type.Literal('asyncapi')]);
export const SpecStatusSchema = Type.Union([Type.Literal('active'), Type.Literal('deprecated'), Type.Literal('sunset')]);
export type SpecStatus = Static<typeof SpecStatusSchema>;

/** Raw content limit: the request body limit (MAX_BODY_BYTES, 1 MiB by default) bounds it first. */
export const MAX_SPEC_CHARS = 1_048_576;

export const CreateApiSpecBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  format: Type.Optional(Type.Union([Type.Literal('openapi'), Type.Literal('asyncapi')], { description: 'detected from the content when omitted' })),
  version: Type.String({ minLength: 1, maxLength: 100, description: 'free-form version string' }),
  spec: Type.String({ minLength: 1, maxLength: MAX_SPEC_CHARS, description: 'raw YAML or JSON of the specification' }),
});
export type CreateApiSpecBody = Static<typeof CreateApiSpecBody>;

export const UpdateApiSpecBody = Type.Object({
  status: Type.Optional(SpecStatusSchema),
  deprecatedAt: Type.Optional(Timestamp),
  sunsetAt: Type.Optional(Timestamp),
});
export type UpdateApiSpecBody = Static<typeof UpdateApiSpecBody>;

const specFields = {
  id: Uuid,
  componentId: Uuid,
  name: Type.String(),
  format: SpecFormatSchema,
  version: Type.String(),
  status: SpecStatusSchema,
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

export const DiffQuery = Type.Object({ compareWith: Type.String({ format: 'uuid', description: 'id of the OLDER spec; :id is the newer one' }) });

export const SpecDiffResultSchema = Type.Object({
  totalChanges: Type.Integer(),
  breakingChanges: Type.Integer(),
  entries: Type.Array(
    Type.Object({
      type: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('modified')]),
      breaking: Type.Boolean(),
      path: Type.String({ description: 'a path, a channel, or a method plus path' }),
      detail: Type.String(),
    }),
  ),
});

export const ConsumerBody = Type.Object(
  {
    consumerComponentId: Type.Optional(Uuid),
    consumerTeamId: Type.Optional(Uuid),
  },
  { description: 'at least one of the two; both give one consumer record carrying both' },
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
