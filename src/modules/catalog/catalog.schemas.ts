import { Type, type Static } from 'typebox';
import { Page, PageQuery } from '../../kernel/pagination.js';
import { JsonObject, Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';
import { EntityPermissionsSchema } from '../permissions/index.js';
import { ENTITY_KINDS, KIND_GROUP_NAMES, KINDS, LIMITS } from './catalog.kinds.js';

// Enums (not unions of literals) so a 400 says "must be one of: …" with the allowed values.
export const KindSchema = Type.Enum([...KINDS], { description: 'component kind (see the kind-group table)' });
export const KindGroupSchema = Type.Enum([...KIND_GROUP_NAMES], {
  description: 'kinds of one group: dev, infra, data or security',
});
export const EntityKindSchema = Type.Enum([...ENTITY_KINDS], { description: 'the Backstage kind' });
// Checked against CATALOG_LIFECYCLES by the service (the list is a setting, not a constant).
const Lifecycle = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'one of CATALOG_LIFECYCLES; default `experimental`',
});

const Name = Type.String({
  minLength: 1,
  maxLength: LIMITS.name,
  description: '1-100 characters, unique per kind and namespace',
});
const Namespace = Type.String({
  minLength: 1,
  maxLength: LIMITS.namespace,
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  description: 'Backstage namespace; default `default`',
});
const Owner = Type.String({
  maxLength: LIMITS.owner,
  description:
    'entity reference of the owner: `team-a` or `group:team-a` (a team), `user:default/guest` (a person); "" or null: none',
});
const Description = Type.String({ maxLength: LIMITS.description });
const Title = Type.String({ maxLength: LIMITS.title });
const EntityType = Type.String({
  maxLength: LIMITS.type,
  description: '`spec.type` as written (`service`, `openapi`, …)',
});
const Tags = Type.Array(Type.String({ minLength: 1, maxLength: LIMITS.tag }), { maxItems: LIMITS.tags });
const StringMapOf = (max: number, description: string) =>
  Type.Record(Type.String(), Type.String({ maxLength: LIMITS.annotationValue }), {
    maxProperties: max,
    propertyNames: { minLength: 1, maxLength: LIMITS.annotationKey },
    description,
  });
const Annotations = StringMapOf(LIMITS.annotations, 'string map, e.g. `hangar.io/image`');
const Labels = StringMapOf(LIMITS.labels, 'string map of labels');
export const LinkSchema = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: LIMITS.url }),
    title: Type.Optional(Type.String({ maxLength: LIMITS.title })),
    icon: Type.Optional(Type.String({ maxLength: 100 })),
    type: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
const Links = Type.Array(LinkSchema, { maxItems: LIMITS.links });
// Empty strings are accepted for owner and gitopsApp and mean "none" (stored as null).
const GitopsApp = Type.String({
  maxLength: LIMITS.gitopsApp,
  description: 'name of the linked GitOps application; "" or null unlinks',
});
const TeamId = Type.String({
  format: 'uuid',
  description: 'owning team id (must exist); `owner` defaults to its name. null clears it',
});

export const SourceSchema = Type.Object(
  { locationId: Nullable(Uuid), file: Nullable(Type.String()) },
  { description: 'where the entity was read: the location and the file in its repository' },
);

export const ComponentSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    namespace: Type.String(),
    title: Nullable(Type.String()),
    entityKind: Type.String({ description: 'Backstage kind: Component, API, Resource, System or Domain' }),
    entityRef: Type.String({ description: 'full entity reference `kind:namespace/name` (lower-case kind)' }),
    kind: Type.String(),
    type: Nullable(Type.String()),
    owner: Nullable(Type.String()),
    ownerUserRef: Nullable(Type.String({ description: 'the owner when it is a user (`user:default/guest`)' })),
    lifecycle: Nullable(Type.String()),
    description: Nullable(Type.String()),
    tags: Type.Array(Type.String()),
    annotations: Type.Record(Type.String(), Type.String()),
    labels: Type.Record(Type.String(), Type.String()),
    links: Type.Array(LinkSchema),
    remotes: Nullable(
      Type.Array(Type.Object({ type: Type.String(), url: Type.String() }), {
        description: 'transport endpoints of an `mcp-server` API (`spec.remotes`); null for every other entity',
      }),
    ),
    teamId: Nullable(Uuid),
    gitopsApp: Nullable(Type.String()),
    workloadStatus: Nullable(JsonObject),
    permissions: Type.Optional(EntityPermissionsSchema),
    orphan: Type.Boolean({ description: 'true once the entity disappeared from its location (kept until deleted)' }),
    source: Nullable(SourceSchema),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'A catalog component (any Backstage Component, API, Resource, System or Domain)' },
);
export type Component = Static<typeof ComponentSchema>;

const writableFields = {
  namespace: Type.Optional(Namespace),
  title: Type.Optional(Nullable(Title)),
  type: Type.Optional(Nullable(EntityType)),
  owner: Type.Optional(Nullable(Owner)),
  lifecycle: Type.Optional(Lifecycle),
  description: Type.Optional(Nullable(Description)),
  tags: Type.Optional(Tags),
  annotations: Type.Optional(Annotations),
  labels: Type.Optional(Labels),
  links: Type.Optional(Links),
  gitopsApp: Type.Optional(Nullable(GitopsApp)),
  teamId: Type.Optional(Nullable(TeamId)),
};

export const CreateComponentBody = Type.Object(
  { name: Name, kind: KindSchema, entityKind: Type.Optional(EntityKindSchema), ...writableFields },
  { additionalProperties: false },
);
export type CreateComponentBody = Static<typeof CreateComponentBody>;

export const UpdateComponentBody = Type.Object(
  {
    name: Type.Optional(Name),
    kind: Type.Optional(KindSchema),
    entityKind: Type.Optional(EntityKindSchema),
    ...writableFields,
  },
  {
    additionalProperties: false,
    description:
      'any subset of the create fields; `owner`, `description`, `title`, `type`, `gitopsApp` and `teamId` may be null',
  },
);
export type UpdateComponentBody = Static<typeof UpdateComponentBody>;

export const SORTS = ['name', '-name', 'createdAt', '-createdAt', 'updatedAt', '-updatedAt', 'kind', '-kind'] as const;
export type Sort = (typeof SORTS)[number];

export const ListComponentsQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'full-text search over name, title, description and tags (ranked)',
    }),
  ),
  kindGroup: Type.Optional(KindGroupSchema),
  kind: Type.Optional(KindSchema),
  entityKind: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 20,
      description: 'Backstage kind, case-insensitive (`component`, `API`, …)',
    }),
  ),
  type: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.type })),
  owner: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: LIMITS.owner,
      description: 'owner reference: `team-a`, `group:team-a`, `user:guest`',
    }),
  ),
  lifecycle: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  tag: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.tag })),
  system: Type.Optional(Type.String({ minLength: 1, maxLength: 300, description: 'system name or reference' })),
  namespace: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.namespace })),
  orphan: Type.Optional(Type.Boolean()),
  teamId: Type.Optional(Uuid),
  sort: Type.Optional(
    Type.Enum([...SORTS], {
      description: 'order: a field, `-` for descending; default `name` (by rank first when `q` is given)',
    }),
  ),
  permissions: Type.Optional(
    Type.Boolean({
      description:
        'false: components without `permissions` (a client that only reads, such as an export); default true (decision 1141)',
    }),
  ),
  ...PageQuery.properties,
});
export type ListComponentsQuery = Static<typeof ListComponentsQuery>;
export const LIST_QUERY_KEYS = new Set(Object.keys(ListComponentsQuery.properties));

export const ComponentPage = Page(ComponentSchema);
