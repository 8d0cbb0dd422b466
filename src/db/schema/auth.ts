import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    // Stored lower-cased, so the unique index makes emails unique case-insensitively.
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    // Null: no password sign-in (accounts made by single sign-on, service accounts).
    passwordHash: text('password_hash'),
    roles: text('roles').array().notNull().default(['user']),
    // `user` (a person) or `service` (a service account: tokens only, never an interactive sign-in).
    type: text('type').$type<'user' | 'service'>().notNull().default('user'),
    description: text('description'),
    // Set: the account is deactivated (no sign-in, its tokens refused).
    deactivatedAt: ts('deactivated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/** Refresh tokens: only SHA-256 hashes are stored; a row is used once (rotation). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_user_idx').on(t.userId)],
);

/** A person's account at an OpenID Connect provider, linked to a user (decision 832). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The OIDC_PROVIDERS id it was linked through; the identity itself is (issuer, subject).
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    linkedAt: ts('linked_at').notNull().defaultNow(),
    lastSignInAt: ts('last_sign_in_at'),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_key').on(t.issuer, t.subject),
    uniqueIndex('user_identities_user_provider_key').on(t.userId, t.provider),
  ],
);

/** Personal access tokens: only the SHA-256 hash of the secret is stored (decision 835). */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope').$type<'read' | 'write'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    lastUsedAt: ts('last_used_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('personal_access_tokens_hash_key').on(t.tokenHash),
    index('personal_access_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);

/** A sign-in in progress at a provider: single use, ten minutes (decision 831). */
export const oidcSignInStates = pgTable(
  'oidc_sign_in_states',
  {
    // SHA-256 of the `state` value: the row is found by what comes back, and a database read reveals no usable state.
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    returnTo: text('return_to').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('oidc_sign_in_states_expires_idx').on(t.expiresAt)],
);
