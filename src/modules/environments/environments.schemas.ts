import { Type, type Static } from 'typebox';
import { Page } from '../../kernel/pagination.js';
import { JsonObject, Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';

// Rows carry Date objects; the serialiser writes them as ISO 8601 strings.

export const ENVIRONMENT_TYPES = ['development', 'staging', 'production', 'sandbox'] as const;
const environmentType = (options: { default?: string; description: string }) =>
  Type.Union(
    [Type.Literal('development'), Type.Literal('staging'), Type.Literal('production'), Type.Literal('sandbox')],
    options,
  );
const EnvironmentType = environmentType({ description: ENVIRONMENT_TYPES.join(', ') });
// `null` is taken as "no metadata" ({}): the field is always an object in answers.
const Metadata = Nullable(JsonObject);

export const EnvironmentSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    description: Nullable(Type.String()),
    type: Type.String(),
    order: Type.Integer(),
    metadata: JsonObject,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'A deployment environment' },
);
export const EnvironmentPage = Page(EnvironmentSchema);

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Description = Type.String({ maxLength: 2000 });
// Stored in a 32-bit integer column: keep the range inside it so no value reaches the database as an overflow.
const Order = Type.Integer({
  minimum: -1_000_000,
  maximum: 1_000_000,
  description: 'display order; lists are sorted by it (default 0)',
});

export const CreateEnvironmentBody = Type.Object({
  name: Name,
  description: Type.Optional(Nullable(Description)),
  // Not marked required by the document: an environment created without a type is `development`.
  type: Type.Optional(
    environmentType({ default: 'development', description: `${ENVIRONMENT_TYPES.join(', ')} (default development)` }),
  ),
  order: Type.Optional(Order),
  metadata: Type.Optional(Metadata),
});
export type CreateEnvironmentBody = Static<typeof CreateEnvironmentBody>;

export const UpdateEnvironmentBody = Type.Object({
  name: Type.Optional(Name),
  description: Type.Optional(Nullable(Description)),
  type: Type.Optional(EnvironmentType),
  order: Type.Optional(Order),
  metadata: Type.Optional(Metadata),
});
export type UpdateEnvironmentBody = Static<typeof UpdateEnvironmentBody>;
