import { Type, type Static } from 'typebox';
import { Page, PageQuery } from '../../kernel/pagination.js';
import { Nullable, NullableTimestamp, Timestamp, Uuid } from '../../kernel/schemas.js';
import { ComponentSchema } from './catalog.schemas.js';

/** 512 KiB of YAML: far above any real descriptor file, well under the request body limit. */
export const MAX_YAML_CHARS = 512 * 1024;

export const RegisterYamlBody = Type.Object(
  {
    yaml: Type.String({
      minLength: 1,
      maxLength: MAX_YAML_CHARS,
      description: 'one or more Backstage descriptors (multi-document YAML)',
    }),
  },
  { additionalProperties: false },
);
export type RegisterYamlBody = Static<typeof RegisterYamlBody>;

const Skipped = Type.Object({
  document: Type.Integer({ description: '1-based index of the document in its file' }),
  file: Type.Optional(Type.String()),
  kind: Nullable(Type.String()),
  name: Nullable(Type.String()),
  reason: Type.String(),
});
const ErrorEntry = Type.Object({
  file: Nullable(Type.String()),
  document: Nullable(Type.Integer({ description: '1-based; null for a problem of the whole file' })),
  message: Type.String(),
});

const registerFields = {
  created: Type.Array(ComponentSchema),
  updated: Type.Array(ComponentSchema),
  unchanged: Type.Array(ComponentSchema),
  skipped: Type.Array(Skipped),
  teams: Type.Array(Type.String(), {
    description: 'references of the groups written as teams (`group:default/team-a`)',
  }),
  people: Type.Array(Type.String(), {
    description: 'references of the users written as people (`user:default/guest`)',
  }),
  errors: Type.Array(ErrorEntry, {
    description: 'problems that did not stop the registration (e.g. an API definition elsewhere than the repository)',
  }),
};
export const RegisterResult = Type.Object(registerFields);

export const LocationSchema = Type.Object({
  id: Uuid,
  url: Type.String(),
  branch: Nullable(Type.String()),
  path: Nullable(Type.String()),
  lastRefreshedAt: NullableTimestamp,
  lastError: Nullable(Type.String()),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Location = Static<typeof LocationSchema>;
export const LocationPage = Page(LocationSchema);

export const LocationBody = Type.Object(
  {
    url: Type.String({
      minLength: 1,
      maxLength: 2048,
      description: 'git URL: https, ssh, git, or file:// when GIT_ALLOW_FILE_URLS allows it',
    }),
    branch: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 255,
        pattern: '^[A-Za-z0-9._][A-Za-z0-9._/-]*$',
        description: 'branch or tag; the default branch when omitted',
      }),
    ),
    path: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1024,
        pattern: '^[^\\0]+$',
        description:
          'the file to start from, relative to the repository root (e.g. `all.yaml`); every catalog-info.yaml when omitted',
      }),
    ),
  },
  { additionalProperties: false },
);
export type LocationBody = Static<typeof LocationBody>;

export const LocationResult = Type.Object({
  ...registerFields,
  files: Type.Array(Type.String(), { description: 'descriptor files read, relative to the repository root' }),
  location: LocationSchema,
});

export const PersonSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  namespace: Type.String(),
  entityRef: Type.String(),
  displayName: Nullable(Type.String()),
  email: Nullable(Type.String()),
  teams: Type.Array(Type.String(), { description: 'names of the teams (groups) the person is a member of' }),
  accountId: Nullable(Uuid),
  orphan: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Person = Static<typeof PersonSchema>;
export const PersonPage = Page(PersonSchema);
export const PeopleQuery = Type.Object({
  q: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'part of the name, display name or email' }),
  ),
  team: Type.Optional(
    Type.String({ minLength: 1, maxLength: 300, description: 'members of this team (name or group reference)' }),
  ),
  ...PageQuery.properties,
});
export type PeopleQuery = Static<typeof PeopleQuery>;

export const RelationSchema = Type.Object({
  type: Type.String({ description: 'Backstage relation type (`ownedBy`, `partOf`, `providesApi`, …)' }),
  source: Type.String(),
  target: Type.String(),
  targetId: Nullable(Uuid),
});
export type Relation = Static<typeof RelationSchema>;

export const EntityParams = Type.Object({
  kind: Type.String({ minLength: 1, maxLength: 20 }),
  namespace: Type.String({ minLength: 1, maxLength: 63 }),
  name: Type.String({ minLength: 1, maxLength: 253 }),
});
export type EntityParams = Static<typeof EntityParams>;
