import type { Database, Executor } from '../../db/client.js';
import type { AuditEntry, AuditPort } from '../../kernel/audit.js';
import type { Caller } from '../../kernel/caller.js';
import { isUniqueViolation } from '../../kernel/db-errors.js';
import { Conflict, Forbidden, NotFound } from '../../kernel/errors.js';
import { pageOf, type PageQuery } from '../../kernel/pagination.js';
import { authRepository as users } from './auth.repository.js';
import { identityRepository as repo } from './identity.repository.js';
import type { CreateTokenBody, ServiceAccountBody } from './identity.schemas.js';
import { hashPersonalAccessToken, newPersonalAccessToken } from './pat.secret.js';

/** Tokens one account may hold at once: plenty for scripts, a bound on a runaway loop. */
const MAX_TOKENS_PER_USER = 100;
/** Service accounts get an address that can never receive mail or match a person's (RFC 2606's `.invalid`). */
const serviceEmail = (name: string) => `${name}@service-accounts.invalid`;

export interface PersonalAccessTokenDeps {
  db: Database;
  /** Every process forgets the user's cached tokens: a revocation applies to the next request anywhere (decision 836). */
  forget(userId: string): Promise<void>;
  /** Token and service account changes are recorded in their transactions (decisions 980, 1000). */
  audit?: AuditPort;
}
type Recorded = ReturnType<typeof auditedWriter>;

/** Runs a write and its audit record in one transaction: neither lands without the other. */
function auditedWriter({ db, audit }: PersonalAccessTokenDeps) {
  return function recorded<T>(
    caller: Caller,
    write: (tx: Executor) => Promise<T>,
    entry: (result: T) => Omit<AuditEntry, 'caller'>,
  ) {
    return db.transaction(async (tx) => {
      const result = await write(tx);
      await audit?.record(tx, { caller, ...entry(result) });
      return result;
    });
  };
}

function refuseTokenCaller(caller: Caller) {
  if (caller.actor.token) throw new Forbidden('A personal access token cannot create tokens: sign in to create one');
}

/** A new token for `userId`, its secret shown this once. */
function tokenIssuer(db: Database, recorded: Recorded) {
  return async function issue(caller: Caller, userId: string, body: CreateTokenBody) {
    refuseTokenCaller(caller);
    const held = await repo.tokensOf(db, userId);
    if (held.length >= MAX_TOKENS_PER_USER)
      throw new Conflict(`An account holds at most ${MAX_TOKENS_PER_USER} tokens: revoke one first`);
    const secret = newPersonalAccessToken();
    const row = await recorded(
      caller,
      (tx) =>
        repo.insertToken(tx, {
          userId,
          name: body.name.trim(),
          scope: body.scope,
          tokenHash: hashPersonalAccessToken(secret),
          expiresAt: new Date(Date.now() + body.expiresInDays * 86_400_000),
          createdBy: caller.actor.userId,
        }),
      (r) => ({
        action: 'auth.token.create',
        resource: { type: 'personal-access-token', id: r.id, ref: r.name },
        changes: {
          owner: [null, userId],
          name: [null, r.name],
          scope: [null, r.scope],
          expiresAt: [null, r.expiresAt],
        },
      }),
    );
    return {
      id: row.id,
      name: row.name,
      scope: row.scope,
      token: secret,
      expiresAt: row.expiresAt,
      createdAt: row.createdAt,
    };
  };
}

async function findServiceAccount(db: Database, id: string) {
  const user = await users.findById(db, id);
  if (!user || user.type !== 'service') throw new NotFound('Service account not found');
  return user;
}

/**
 * Personal access tokens and service accounts (decisions 835-837). The verbs that create or revoke
 * tokens are the single place those changes happen, so an audit trail hooks in here.
 */
export function createPersonalAccessTokenService(deps: PersonalAccessTokenDeps) {
  const recorded = auditedWriter(deps);
  const issue = tokenIssuer(deps.db, recorded);
  return { ...tokenVerbs(deps, recorded, issue), ...serviceAccountVerbs(deps, recorded, issue) };
}

type Issue = ReturnType<typeof tokenIssuer>;

function tokenVerbs({ db, forget }: PersonalAccessTokenDeps, recorded: Recorded, issue: Issue) {
  return {
    /** A token of the caller's own. */
    async create(caller: Caller, body: CreateTokenBody) {
      return issue(caller, caller.actor.userId, body);
    },

    /** The caller's tokens, or (admins) another user's. */
    async list(caller: Caller, userId?: string) {
      const owner = userId ?? caller.actor.userId;
      if (owner !== caller.actor.userId) {
        if (!caller.actor.isAdmin) throw new Forbidden("Only admins may list another user's tokens");
        if (!(await users.findById(db, owner))) throw new NotFound('User not found');
      }
      return { data: await repo.tokensOf(db, owner) };
    },

    /** Revokes a token of the caller's (any token, for admins); it stops working at once in every process. */
    async revoke(caller: Caller, id: string) {
      const token = await repo.findTokenById(db, id);
      // Someone else's token is "not found" to a non-admin: its existence is not theirs to learn.
      if (!token || (token.userId !== caller.actor.userId && !caller.actor.isAdmin))
        throw new NotFound('Token not found');
      await recorded(
        caller,
        (tx) => repo.deleteToken(tx, id),
        () => ({
          action: 'auth.token.revoke',
          resource: { type: 'personal-access-token', id, ref: token.name },
          changes: { owner: [token.userId, token.userId], revoked: [false, true] },
        }),
      );
      await forget(token.userId);
    },
  };
}

function serviceAccountVerbs({ db, forget }: PersonalAccessTokenDeps, recorded: Recorded, issue: Issue) {
  const serviceAccount = (id: string) => findServiceAccount(db, id);
  return {
    async createServiceAccount(caller: Caller, body: ServiceAccountBody) {
      const roles = ['user', ...new Set((body.roles ?? []).filter((r) => r !== 'user'))];
      try {
        const user = await recorded(
          caller,
          (tx) =>
            users.insertUser(tx, {
              username: body.name,
              email: serviceEmail(body.name),
              displayName: body.name,
              passwordHash: null,
              roles,
              type: 'service',
              description: body.description?.trim() || null,
            }),
          (u) => ({
            action: 'auth.service-account.create',
            resource: { type: 'service-accounts', id: u.id, ref: u.username },
            changes: { name: [null, u.username], roles: [null, roles], description: [null, u.description ?? null] },
          }),
        );
        return { ...user, name: user.username, tokenCount: 0 };
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict(`The name "${body.name}" is taken by another account`);
        throw err;
      }
    },

    async listServiceAccounts(_caller: Caller, q: PageQuery) {
      const { data, total } = await users.listUsers(db, q.skip, q.take, 'service');
      const counts = await repo.tokenCounts(
        db,
        data.map((u) => u.id),
      );
      return pageOf(
        data.map((u) => ({ ...u, name: u.username, tokenCount: counts.get(u.id) ?? 0 })),
        total,
        q,
      );
    },

    /** Deletes a service account with its tokens; they stop working at once. */
    async deleteServiceAccount(caller: Caller, id: string) {
      const account = await serviceAccount(id);
      await recorded(
        caller,
        (tx) => users.deleteUser(tx, id),
        () => ({
          action: 'auth.service-account.delete',
          resource: { type: 'service-accounts', id, ref: account.username },
          changes: { name: [account.username, null], roles: [account.roles, null] },
        }),
      );
      await forget(id);
    },

    async createServiceAccountToken(caller: Caller, id: string, body: CreateTokenBody) {
      refuseTokenCaller(caller);
      const account = await serviceAccount(id);
      if (account.deactivatedAt) throw new Conflict('This service account is deactivated: reactivate it first');
      return issue(caller, id, body);
    },
  };
}

export type PersonalAccessTokenService = ReturnType<typeof createPersonalAccessTokenService>;
