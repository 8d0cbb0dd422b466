import { Type, type Static } from 'typebox';
import { Page } from '../../kernel/pagination.js';
import { Timestamp } from '../../kernel/schemas.js';
import { Role } from './auth.schemas.js';

const Scope = Type.Union([Type.Literal('read'), Type.Literal('write')], {
  description: '`read`: GET and HEAD only (403 on anything else); `write`: everything the user may do',
});
const TokenName = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[^\\p{Cc}]*\\S[^\\p{Cc}]*$',
  description: 'what the token is for',
});

export const CreateTokenBody = Type.Object({
  name: TokenName,
  expiresInDays: Type.Integer({ minimum: 1, maximum: 366, description: 'days until the token stops working (1-366)' }),
  scope: Scope,
});
export type CreateTokenBody = Static<typeof CreateTokenBody>;

export const TokenSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    userId: Type.String({ format: 'uuid' }),
    name: Type.String(),
    scope: Scope,
    expiresAt: Timestamp,
    lastUsedAt: Type.Union([Timestamp, Type.Null()], { description: 'last use, to the minute; null: never used' }),
    createdAt: Timestamp,
  },
  { description: 'A personal access token; its secret is shown once, when it is created, and never again' },
);

export const CreatedToken = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  scope: Scope,
  token: Type.String({
    description:
      '`hgr_pat_` + 40 base62 characters: send as `Authorization: Bearer <token>`. Shown only in this answer',
  }),
  expiresAt: Timestamp,
  createdAt: Timestamp,
});

export const TokenList = Type.Object({ data: Type.Array(TokenSchema) });

export const TokenListQuery = Type.Object({
  userId: Type.Optional(
    Type.String({ format: 'uuid', description: "admins: another user's tokens (a service account's, for instance)" }),
  ),
});

export const ServiceAccountBody = Type.Object({
  name: Type.String({
    minLength: 2,
    maxLength: 50,
    pattern: '^[a-z0-9][a-z0-9._-]*[a-z0-9]$',
    description: 'lower-case letters, digits, ".", "_" and "-"; becomes its username',
  }),
  description: Type.Optional(Type.String({ maxLength: 500 })),
  roles: Type.Optional(Type.Array(Role, { maxItems: 2, description: '`user` is always kept; default `["user"]`' })),
});
export type ServiceAccountBody = Static<typeof ServiceAccountBody>;

export const ServiceAccountSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
  tokenCount: Type.Integer({ description: 'tokens it holds (expired ones included until revoked)' }),
  deactivatedAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const ServiceAccountPage = Page(ServiceAccountSchema);

export const ProviderParams = Type.Object({ provider: Type.String({ minLength: 1, maxLength: 64 }) });
export const ActiveBody = Type.Object({
  active: Type.Boolean({ description: 'false deactivates: no sign-in, every token and session refused at once' }),
});

export const ProvidersResponse = Type.Object({
  passwordLogin: Type.Boolean({ description: 'whether the password form (and registration) is offered' }),
  providers: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), type: Type.Literal('oidc') })),
});

export const StartQuery = Type.Object({
  // Never a 400: whatever arrives that is not a path on Hangar (too long, repeated, a URL) becomes `/`.
  returnTo: Type.Optional(
    Type.Union([Type.String(), Type.Array(Type.String())], {
      description: 'a path on Hangar (`/catalog`); anything else becomes `/`',
    }),
  ),
});
