import { Cron } from 'croner';
import { RE2JS } from 're2js';
import { Type, type Static } from 'typebox';
import { Invalid } from '../../kernel/errors.js';
import { Nullable, NullableTimestamp, Timestamp, Uuid } from '../../kernel/schemas.js';

export const DEFAULT_BASE_URL = { github: 'https://api.github.com', gitlab: 'https://gitlab.com/api/v4' } as const;
export const DEFAULT_FILE_PATH = 'catalog-info.yaml';
export const DEFAULT_SCHEDULE = '0 * * * *';

const Provider = Type.Union([Type.Literal('github'), Type.Literal('gitlab')], {
  description: 'github (GitHub.com or Enterprise Server) or gitlab',
});
const BaseUrl = Type.String({
  minLength: 8,
  maxLength: 2000,
  description:
    'The REST root: https://api.github.com (default), https://ghe.example/api/v3, https://gitlab.com/api/v4 (default), https://gitlab.example/api/v4',
});
const Owner = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^[A-Za-z0-9_.][A-Za-z0-9_.\\-/]*$',
  description: 'Organization or user (GitHub), group path (GitLab; subgroups included)',
});
const FilePath = Type.String({
  minLength: 1,
  maxLength: 500,
  pattern: '^(?!/)(?!.*(^|/)\\.\\.(/|$))[^\\\\\\x00-\\x1f]+$',
  description: `Path of the catalog file in each repository (default ${DEFAULT_FILE_PATH})`,
});
const Branch = Type.String({
  minLength: 1,
  maxLength: 255,
  pattern: '^(?!-)[^\\s~^:?*\\[\\\\\\x00-\\x1f]+$',
  description: "Branch to read (default: each repository's default branch)",
});
const Schedule = Type.String({
  minLength: 9,
  maxLength: 100,
  description: `Cron pattern, UTC (default hourly: ${DEFAULT_SCHEDULE})`,
});
const Pattern = Type.String({
  minLength: 1,
  maxLength: 500,
  description: 'RE2 pattern a repository full name must match (found anywhere; anchor with ^…$)',
});

export const CreateSourceBody = Type.Object(
  {
    provider: Provider,
    baseUrl: Type.Optional(BaseUrl),
    owner: Owner,
    credentialId: Type.String({ format: 'uuid', description: 'An integration credential of type github or gitlab' }),
    filePath: Type.Optional(FilePath),
    branch: Type.Optional(Branch),
    schedule: Type.Optional(Schedule),
    includeArchived: Type.Optional(Type.Boolean({ default: false })),
    repositoryPattern: Type.Optional(Pattern),
  },
  { additionalProperties: false },
);
export type CreateSourceBody = Static<typeof CreateSourceBody>;

export const UpdateSourceBody = Type.Object(
  {
    baseUrl: Type.Optional(BaseUrl),
    owner: Type.Optional(Owner),
    credentialId: Type.Optional(Type.String({ format: 'uuid' })),
    filePath: Type.Optional(FilePath),
    branch: Type.Optional(Nullable(Branch)),
    schedule: Type.Optional(Schedule),
    includeArchived: Type.Optional(Type.Boolean()),
    repositoryPattern: Type.Optional(Nullable(Pattern)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateSourceBody = Static<typeof UpdateSourceBody>;

const Counts = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  removed: Type.Integer(),
});
const ScanState = Type.Union([
  Type.Literal('never'),
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('paused'),
  Type.Literal('finished'),
  Type.Literal('failed'),
]);

export const SourceSchema = Type.Object(
  {
    id: Uuid,
    orgId: Nullable(Uuid),
    provider: Type.String(),
    baseUrl: Type.String(),
    owner: Type.String(),
    credentialId: Uuid,
    filePath: Type.String(),
    branch: Nullable(Type.String()),
    schedule: Type.String(),
    includeArchived: Type.Boolean(),
    repositoryPattern: Nullable(Type.String()),
    lastScan: Type.Object({ state: ScanState, startedAt: NullableTimestamp, finishedAt: NullableTimestamp }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'A discovery source: an organization, user or group whose repositories the catalog reads' },
);
export type Source = Static<typeof SourceSchema>;

export const StatusSchema = Type.Object(
  {
    sourceId: Uuid,
    state: ScanState,
    trigger: Nullable(Type.String()),
    startedAt: NullableTimestamp,
    finishedAt: NullableTimestamp,
    pausedUntil: NullableTimestamp,
    repositoriesSeen: Type.Integer(),
    filesFound: Type.Integer(),
    entities: Counts,
    requests: Type.Object({ made: Type.Integer(), notModified: Type.Integer() }),
    rateLimit: Type.Object({ remaining: Nullable(Type.Integer()), resetAt: NullableTimestamp }),
    error: Nullable(Type.String()),
    errorCount: Type.Integer(),
    errors: Type.Array(
      Type.Object({ repository: Type.String(), url: Type.String(), message: Type.String(), at: Timestamp }),
    ),
  },
  { description: "A source's last scan; `errors` are the repositories whose last reading failed (first 100)" },
);
export type Status = Static<typeof StatusSchema>;

export const ScanAccepted = Type.Object({ sourceId: Uuid, state: Type.Literal('queued') });

/** Checks what the schema cannot: the cron pattern and the RE2 pattern (400 naming the field). */
export function assertSourceValues(body: { schedule?: string; repositoryPattern?: string | null }) {
  if (body.schedule !== undefined) {
    try {
      new Cron(body.schedule, { paused: true, timezone: 'UTC' }).stop();
    } catch {
      throw new Invalid('schedule is not a cron pattern', [{ field: 'schedule', problem: 'not a cron pattern' }]);
    }
  }
  if (body.repositoryPattern) compileRepositoryPattern(body.repositoryPattern);
}

/** RE2 (linear time whatever the pattern, decision 1013); invalid → 400. */
export function compileRepositoryPattern(pattern: string): (name: string) => boolean {
  try {
    const re = RE2JS.compile(pattern);
    return (name) => re.matcher(name).find();
  } catch {
    throw new Invalid('repositoryPattern is not an RE2 pattern', [
      { field: 'repositoryPattern', problem: 'not an RE2 pattern' },
    ]);
  }
}
