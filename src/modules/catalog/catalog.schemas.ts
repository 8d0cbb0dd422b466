import { Type, type Static } from 'typebox';
import { Page, PageQuery } from '../../kernel/pagination.js';
import { JsonObject, Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';
import { KIND_GROUP_NAMES, KINDS, LIFECYCLES, LIMITS } from './catalog.kinds.js';

// Enums (not unions of literals) so a 400 says "must be one of: …" with the allowed values.
export const KindSchema = Type.Enum([...KINDS], { description: 'component kind (see the kind-group table)' });
export const LifecycleSchema = Type.Enum([...LIFECYCLES], { description: 'lifecycle stage; default `experimental`' });
export const KindGroupSchema = Type.Enum([...KIND_GROUP_NAMES], { description: 'kinds of one group: dev, infra, data or security' });

const Name = Type.String({ minLength: 1, maxLength: LIMITS.name, description: '1-100 characters, unique per kind' });
const Owner = Type.String({ maxLength: LIMITS.owner, description: 'owning team name; sets `teamId` when a team of that name exists; "" or null: none' });
const Description = Type.String({ maxLength: LIMITS.description });
const Tags = Type.Array(Type.String({ minLength: 1, maxLength: LIMITS.tag }), { maxItems: LIMITS.tags });
const Annotations = Type.Record(Type.String(), Type.String({ maxLength: LIMITS.annotationValue }), {
  maxProperties: LIMITS.annotations,
  propertyNames: { minLength: 1, maxLength: LIMITS.annotationKey },
  description: 'string map, e.g. `hangar.io/image`',
});
// Empty strings are accepted for owner and gitopsApp and mean "none" (stored as null).
const GitopsApp = Type.String({ maxLength: LIMITS.gitopsApp, description: 'name of the linked GitOps application; "" or null unlinks' });
const TeamId = Type.String({ format: 'uuid', description: 'owning team id (must exist); `owner` defaults to its name. null clears it' });

export const ComponentSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    kind: Type.String(),
    owner: Nullable(Type.String()),
    lifecycle: Type.String(),
    description: Nullable(Type.String()),
    tags: Type.Array(Type.String()),
    annotations: Type.Record(Type.String(), Type.String()),
    teamId: Nullable(Uuid),
    gitopsApp: Nullable(Type.String()),
    workloadStatus: Nullable(JsonObject),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'A catalog component' },
);
export type Component = Static<typeof ComponentSchema>;

export const CreateComponentBody = Type.Object({
  name: Name,
  kind: KindSchema,
  owner: Type.Optional(Nullable(Owner)),
  lifecycle: Type.Optional(LifecycleSchema),
  description: Type.Optional(Nullable(Description)),
  tags: Type.Optional(Tags),
  annotations: Type.Optional(Annotations),
  gitopsApp: Type.Optional(Nullable(GitopsApp)),
  teamId: Type.Optional(Nullable(TeamId)),
});
export type CreateComponentBody = Static<typeof CreateComponentBody>;

export const UpdateComponentBody = Type.Object(
  {
    name: Type.Optional(Name),
    kind: Type.Optional(KindSchema),
    owner: Type.Optional(Nullable(Owner)),
    lifecycle: Type.Optional(LifecycleSchema),
    description: Type.Optional(Nullable(Description)),
    tags: Type.Optional(Tags),
    annotations: Type.Optional(Annotations),
    gitopsApp: Type.Optional(Nullable(GitopsApp)),
    teamId: Type.Optional(Nullable(TeamId)),
  },
  { description: 'any subset of the create fields; `owner`, `description`, `gitopsApp` and `teamId` may be null' },
);
export type UpdateComponentBody = Static<typeof UpdateComponentBody>;

export const ListComponentsQuery = Type.Object({
  kindGroup: Type.Optional(KindGroupSchema),
  teamId: Type.Optional(Uuid),
  ...PageQuery.properties,
});
export type ListComponentsQuery = Static<typeof ListComponentsQuery>;

export const ComponentPage = Page(ComponentSchema);

/** 512 KiB of YAML: far above any real descriptor file, well under the request body limit. */
export const MAX_YAML_CHARS = 512 * 1024;

export const RegisterYamlBody = Type.Object({
  yaml: Type.String({ minLength: 1, maxLength: MAX_YAML_CHARS, description: 'one or more Backstage-style descriptors (multi-document YAML)' }),
});
export type RegisterYamlBody = Static<typeof RegisterYamlBody>;

export const RegisterResult = Type.Object({
  created: Type.Array(ComponentSchema),
  updated: Type.Array(ComponentSchema),
});

export const LocationBody = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'git URL: https, ssh, git, or file:// when GIT_ALLOW_FILE_URLS allows it' }),
  branch: Type.Optional(
    Type.String({ minLength: 1, maxLength: 255, pattern: '^[A-Za-z0-9._][A-Za-z0-9._/-]*$', description: 'branch or tag; the default branch when omitted' }),
  ),
});
export type LocationBody = Static<typeof LocationBody>;

export const LocationResult = Type.Object({
  created: Type.Array(ComponentSchema),
  updated: Type.Array(ComponentSchema),
  files: Type.Array(Type.String(), { description: 'descriptor files found, relative to the repository root' }),
});
