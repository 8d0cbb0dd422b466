import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';

// Rows carry Date objects; the serialiser writes them as ISO 8601 strings.

export const PROVIDERS = [
  'cloud_a',
  'cloud_b',
  'cloud_c',
  'orchestrator',
  'docdb',
  'sqldb_a',
  'sqldb_b',
  'codehost',
  'edge_network',
  'generic',
] as const;
export const ENGINES = ['engine_a', 'engine_b', 'engine_c'] as const;

// JSON-schema `enum` rather than a union of literals: a wrong value gets the readable 400
// "provider must be one of: cloud_a, …" from the error handler.
export const Provider = Type.Enum([...PROVIDERS], { description: PROVIDERS.join(', ') });
export const Engine = Type.Enum([...ENGINES], { description: ENGINES.join(', ') });

const FailedVersion = Type.Object({
  version: Type.String({ description: 'the tag name' }),
  error: Type.String({ description: 'why it could not be read' }),
});
const Validation = Type.Object({ condition: Type.String(), errorMessage: Type.String() });

export const IacModuleSchema = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    provider: Type.String(),
    engine: Nullable(Type.String()),
    description: Nullable(Type.String()),
    sourceRepoUrl: Type.String(),
    latestVersion: Nullable(Type.String({ description: 'highest semver tag stored; null until a sync finds one' })),
    componentId: Nullable(Uuid),
    failedVersions: Type.Array(FailedVersion, {
      description: 'tags that could not be read (cloned or parsed) on the last sync, highest first',
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'A reusable infrastructure module whose versions come from its source repository tags' },
);

const VariableMeta = Type.Object({
  name: Type.String(),
  type: Nullable(Type.String({ description: 'type expression as written, e.g. list(object({...}))' })),
  description: Nullable(Type.String()),
  default: Nullable(
    Type.String({ description: 'JSON of a literal default, or the expression text; null when none is declared' }),
  ),
  required: Type.Boolean({ description: 'true when no default is declared' }),
  validation: Nullable(
    Type.Object(
      { condition: Type.String(), errorMessage: Type.String() },
      { description: 'the first validation block' },
    ),
  ),
  validations: Type.Array(Validation, { description: 'every validation block, in order' }),
  sensitive: Type.Boolean({ description: 'declared `sensitive = true`' }),
  nullable: Type.Boolean({ description: 'false when declared `nullable = false`' }),
});

const OutputMeta = Type.Object({
  name: Type.String(),
  description: Nullable(Type.String()),
  value: Nullable(Type.String({ description: 'the value expression as written' })),
  sensitive: Type.Boolean({ description: 'declared `sensitive = true`' }),
});

export const IacModuleVersionSchema = Type.Object({
  id: Uuid,
  moduleId: Uuid,
  version: Type.String({ description: 'the tag name (vX.Y.Z or X.Y.Z)' }),
  variablesMeta: Type.Array(VariableMeta),
  outputsMeta: Type.Array(OutputMeta),
  syncedAt: Timestamp,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

const Name = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '\\S',
  description: '1-100 characters, unique together with provider',
});
const Description = Type.String({ maxLength: 2000 });
const RepoUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'git URL (https, ssh, git; file:// when GIT_ALLOW_FILE_URLS is on)',
});

export const CreateIacModuleBody = Type.Object({
  name: Name,
  provider: Provider,
  sourceRepoUrl: RepoUrl,
  engine: Type.Optional(Nullable(Engine)),
  description: Type.Optional(Nullable(Description)),
  componentId: Type.Optional(Nullable(Uuid)),
});
export type CreateIacModuleBody = Static<typeof CreateIacModuleBody>;

export const UpdateIacModuleBody = Type.Object(
  {
    name: Type.Optional(Name),
    provider: Type.Optional(Provider),
    sourceRepoUrl: Type.Optional(RepoUrl),
    engine: Type.Optional(Nullable(Engine)),
    description: Type.Optional(Nullable(Description)),
    componentId: Type.Optional(Nullable(Uuid)),
  },
  { description: 'any subset of the create fields; null clears engine, description or componentId' },
);
export type UpdateIacModuleBody = Static<typeof UpdateIacModuleBody>;

export const ListIacModulesQuery = Type.Object({
  search: Type.Optional(
    Type.String({ maxLength: 200, description: 'case-insensitive substring of name or description' }),
  ),
  provider: Type.Optional(Provider),
  engine: Type.Optional(Engine),
});
export type ListIacModulesQuery = Static<typeof ListIacModulesQuery>;

export const LinkComponentBody = Type.Object({ componentId: Uuid });
export const ComponentParams = Type.Object({ componentId: Uuid });

export const SyncResult = Type.Object({
  newVersions: Type.Integer({ description: 'versions stored by this sync' }),
  latestVersion: Nullable(Type.String()),
  failedVersions: Type.Array(FailedVersion, {
    description: 'tags that could not be read; the other tags are stored all the same',
  }),
});

export const VersionsQuery = Type.Object(
  {
    skip: Type.Optional(Type.Integer({ minimum: 0, description: 'versions to skip (default 0 when take is given)' })),
    take: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        description: 'versions to return, 1-100 (default 20 when skip is given)',
      }),
    ),
  },
  { description: 'without skip and take: every version' },
);
export type VersionsQuery = Static<typeof VersionsQuery>;
