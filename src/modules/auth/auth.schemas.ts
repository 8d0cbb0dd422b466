import { Type, type Static } from 'typebox';
import { Page, PageQuery } from '../../kernel/pagination.js';
import { Timestamp } from '../../kernel/schemas.js';

export const Role = Type.Union([Type.Literal('user'), Type.Literal('admin')]);

export const UserSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    username: Type.String(),
    email: Type.String(),
    displayName: Type.String(),
    roles: Type.Array(Type.String()),
    type: Type.Union([Type.Literal('user'), Type.Literal('service')], {
      description: '`service`: a service account, which only tokens sign in as',
    }),
    description: Type.Union([Type.String(), Type.Null()], {
      description: "a service account's purpose; null for people",
    }),
    deactivatedAt: Type.Union([Timestamp, Type.Null()], {
      description: 'set: the account is deactivated and cannot sign in',
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { $id: 'User', description: 'A user account; the password is never returned' },
);

// The document only bounds the length; whitespace and control characters are refused so names stay unambiguous.
const Username = Type.String({
  minLength: 2,
  maxLength: 50,
  pattern: '^[^\\s\\p{Cc}]+$',
  description: '2-50 characters, no whitespace or control characters',
});
// Long enough for passphrases, short enough that hashing stays cheap for an attacker's 1 MB body.
const Password = Type.String({
  minLength: 8,
  maxLength: 256,
  description: 'at least 8 characters with a lowercase letter, an uppercase letter and a digit',
});

export const RegisterBody = Type.Object({
  username: Username,
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Password,
  displayName: Type.Optional(
    Type.Union([Type.String({ maxLength: 100 }), Type.Null()], {
      description: 'defaults to the username when absent, null or blank',
    }),
  ),
});
export type RegisterBody = Static<typeof RegisterBody>;

const Session = Type.Literal('cookie', {
  description:
    'browsers: the refresh token travels in the HttpOnly cookie `hangar_refresh` (Path=/api/v1/auth), never in JSON',
});

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 256 }),
  session: Type.Optional(Session),
});
export type LoginBody = Static<typeof LoginBody>;

export const RefreshBody = Type.Object(
  {
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 254, description: 'required without `session`' })),
    refreshToken: Type.Optional(
      Type.String({ minLength: 1, maxLength: 256, description: 'required without `session`' }),
    ),
    session: Type.Optional(Session),
  },
  {
    description:
      'API clients send `username` and `refreshToken`; browsers send `{"session": "cookie"}` with the cookie',
  },
);
export type RefreshBody = Static<typeof RefreshBody>;

export const LogoutBody = Type.Object({
  everywhere: Type.Optional(
    Type.Boolean({ description: 'revoke every refresh token of the user (needs the bearer token)' }),
  ),
  refreshToken: Type.Optional(
    Type.String({ minLength: 1, maxLength: 256, description: 'API clients: the refresh token to revoke' }),
  ),
});
export type LogoutBody = Static<typeof LogoutBody>;

export const MeResponse = Type.Object({
  user: Type.Ref('User'),
  identities: Type.Array(
    Type.Object({
      provider: Type.String({ description: 'the OIDC_PROVIDERS id it was linked through' }),
      subject: Type.String({ description: "the person's `sub` at the provider" }),
      email: Type.Union([Type.String(), Type.Null()]),
      linkedAt: Timestamp,
    }),
    { description: 'single sign-on identities linked to the account' },
  ),
  organizations: Type.Array(
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      name: Type.String(),
      slug: Type.String(),
      role: Type.Union([Type.String(), Type.Null()], {
        description: "the user's role in it; null: not a member (global admins see every organization)",
      }),
    }),
    { description: 'organizations the user may choose as context (`X-Organization-Id`), by name' },
  ),
});

export const TokenPair = Type.Object({
  token: Type.String({ description: 'access token (JWT, HS256)' }),
  refreshToken: Type.String({
    description: 'single-use refresh token; an empty string in cookie mode (the cookie carries it)',
  }),
  expiresIn: Type.Integer({ description: 'access token lifetime in seconds' }),
});

export const LoginResponse = Type.Object({ user: Type.Ref('User'), ...TokenPair.properties });

export const RolesBody = Type.Object({
  roles: Type.Array(Role, { maxItems: 2, description: '`user` is always kept' }),
});
export type RolesBody = Static<typeof RolesBody>;

export const UserPage = Page(Type.Ref('User'));

export const UserListQuery = Type.Object({
  ...PageQuery.properties,
  type: Type.Optional(
    Type.Union([Type.Literal('user'), Type.Literal('service')], {
      description: 'only people (`user`) or service accounts (`service`)',
    }),
  ),
});
