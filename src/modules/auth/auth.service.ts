import { Algorithm, hash, verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { EventPublisher } from '../../infra/events.js';
import type { Actor } from '../../kernel/auth.js';
import type { Caller } from '../../kernel/caller.js';
import type { AuditPort } from '../audit/index.js';
import { Conflict, Forbidden, Invalid, NotFound, Unauthorized } from '../../kernel/errors.js';
import { pageOf, type PageQuery } from '../../kernel/pagination.js';
import type { ActorCache, CachedIdentity } from './auth.actor-cache.js';
import { identityRepository } from './identity.repository.js';
import { hashPersonalAccessToken, isWellFormedPersonalAccessToken, looksLikePersonalAccessToken } from './pat.secret.js';
import { tokenUseRecorder } from './pat.usage.js';
import { authRepository as repo, type PublicUser } from './auth.repository.js';
import type { LoginBody, RegisterBody } from './auth.schemas.js';
import { hashRefreshToken, newRefreshToken, type AccessTokens } from './tokens.js';
import { isUniqueViolation } from '../../kernel/db-errors.js';

const ARGON2 = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function passwordProblem(password: string): string | undefined {
  if (password.length < 8) return 'password must be at least 8 characters long';
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password)) {
    return 'password must contain at least one lowercase letter, one uppercase letter and one digit';
  }
  return undefined;
}

export interface AuthServiceDeps {
  db: Database;
  tokens: AccessTokens;
  refreshTokenTtlS: number;
  log: FastifyBaseLogger;
  /** Identities and roles kept in memory between requests (invalidated on every role change). */
  actors?: ActorCache;
  /** `user.admin_role.changed` after a grant or removal of the global admin role: live connections follow at once (decisions 209, 920). */
  events?: EventPublisher;
  /** AUTH_PASSWORD_LOGIN: off closes registration and password sign-in, except for `breakGlassUsername` (decision 833). */
  passwordLogin?: boolean;
  /** ADMIN_USERNAME: the account that may always sign in with its password. */
  breakGlassUsername?: string;
  /** Sign-ins and failed sign-ins are recorded (decision 984). */
  audit?: AuditPort;
}

export function createAuthService({ db, tokens, refreshTokenTtlS, log, actors, events, passwordLogin = true, breakGlassUsername, audit }: AuthServiceDeps) {
  const tokenUse = tokenUseRecorder(db, log);
  // Compared against when the user does not exist, so timing does not reveal which usernames exist.
  // Made on the first failed lookup, not at start: argon2id takes 19 MiB while it hashes.
  let dummyHash: Promise<string> | undefined;

  async function issueTokens(user: PublicUser) {
    const refreshToken = newRefreshToken();
    await repo.insertRefreshToken(db, user.id, hashRefreshToken(refreshToken), new Date(Date.now() + refreshTokenTtlS * 1000));
    return { token: await tokens.sign(user), refreshToken, expiresIn: tokens.lifetime };
  }

  /** A refresh token that cannot be used: a used one coming back means it leaked. */
  async function refuseUnusable(tokenHash: string, userId?: string): Promise<never> {
    const known = await repo.findRefreshToken(db, tokenHash);
    if (known && (userId === undefined || known.userId === userId)) {
      if (known.usedAt) {
        // A used token coming back means it leaked: end every session of this user.
        await repo.revokeAllRefreshTokens(db, known.userId);
        log.warn({ userId: known.userId }, 'refresh token reuse detected; all refresh tokens revoked');
        throw new Unauthorized('Refresh token was already used; all sessions have been revoked');
      }
      throw new Unauthorized('Refresh token has been revoked');
    }
    throw new Unauthorized('Invalid refresh token');
  }

  /** Who a user id is now, from this process's memory when it is current there (decision 526). */
  async function identityOf(userId: string): Promise<CachedIdentity | undefined> {
    const cached = actors?.get(userId);
    if (cached) return cached;
    const generation = actors?.mark() ?? 0;
    const row = await repo.findById(db, userId);
    if (!row) return undefined;
    const user: CachedIdentity = { id: row.id, username: row.username, roles: row.roles, type: row.type, deactivated: row.deactivatedAt !== null };
    actors?.set(user, generation);
    return user;
  }

  const actorOf = (user: CachedIdentity, token?: Actor['token']): Actor => ({
    userId: user.id,
    username: user.username,
    roles: user.roles,
    isAdmin: user.roles.includes('admin'),
    kind: 'user',
    service: user.type === 'service',
    ...(token ? { token } : {}),
  });

  /** A personal access token's user with their roles as they are now; revoked, expired or deactivated: null (decision 836). */
  async function resolvePersonalAccessToken(secret: string): Promise<Actor | null> {
    if (!isWellFormedPersonalAccessToken(secret)) return null;
    const hash = hashPersonalAccessToken(secret);
    let token = actors?.getToken(hash);
    if (!token) {
      const generation = actors?.mark() ?? 0;
      const row = await identityRepository.findTokenByHash(db, hash);
      if (!row) return null;
      token = { id: row.id, userId: row.userId, scope: row.scope === 'write' ? 'write' : 'read', expiresAt: row.expiresAt.getTime() };
      actors?.setToken(hash, token, generation);
    }
    if (token.expiresAt <= Date.now()) return null;
    const user = await identityOf(token.userId);
    if (!user || user.deactivated) return null;
    tokenUse(token.id);
    return actorOf(user, { id: token.id, scope: token.scope });
  }

  return {
    async register(body: RegisterBody): Promise<PublicUser> {
      if (!passwordLogin) throw new Forbidden('Registration is closed: sign in with your identity provider');
      const problem = passwordProblem(body.password);
      if (problem) throw new Invalid(problem, [{ field: 'password', problem }]);
      const email = body.email.toLowerCase();
      const taken = await repo.usernameOrEmailTaken(db, body.username, email);
      if (taken.username) throw new Conflict('Username is already registered');
      if (taken.email) throw new Conflict('Email is already registered');
      try {
        return await repo.insertUser(db, {
          username: body.username,
          email,
          displayName: body.displayName?.trim() || body.username,
          passwordHash: await hash(body.password, ARGON2),
          roles: ['user'],
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new Conflict('Username or email is already registered');
        throw err;
      }
    },

    async login(body: LoginBody, requestId?: string) {
      const creds = await repo.findCredentials(db, body.username);
      const ok = await verify(creds?.passwordHash ?? (await (dummyHash ??= hash('not-a-real-password-A1', ARGON2))), body.password).catch(() => false);
      const signIn = (outcome: 'success' | 'failed' | 'denied', statusCode: number) =>
        db.transaction(async (tx) => {
          await audit?.record(tx, {
            actor: { userId: creds?.id ?? null, username: body.username.slice(0, 200), via: 'password' },
            organizationId: null,
            requestId,
            action: 'auth.sign-in',
            resource: { type: 'user', id: creds?.id ?? null, ref: body.username.slice(0, 200) },
            outcome,
            statusCode,
          });
        });
      if (!creds || !ok) {
        await signIn('failed', 401);
        throw new Unauthorized('Invalid username or password');
      }
      // Checked after the password, so these answers reveal nothing to someone who does not know it.
      if (!passwordLogin && body.username !== breakGlassUsername) {
        await signIn('denied', 403);
        throw new Forbidden('Password sign-in is turned off: sign in with your identity provider');
      }
      if (creds.deactivatedAt) {
        await signIn('denied', 403);
        throw new Forbidden('This account has been deactivated');
      }
      const user = (await repo.findById(db, creds.id))!;
      await signIn('success', 200);
      return { user, ...(await issueTokens(user)) };
    },

    /** API clients: the token with its username, as answered by login. */
    async refresh(body: { username: string; refreshToken: string }) {
      const user = await repo.findByUsername(db, body.username);
      if (!user || user.deactivatedAt) throw new Unauthorized('Invalid refresh token');
      const tokenHash = hashRefreshToken(body.refreshToken);
      const consumed = await repo.consumeRefreshToken(db, tokenHash, user.id);
      if (consumed) {
        if (consumed.expiresAt.getTime() < Date.now()) throw new Unauthorized('Refresh token has expired');
        return issueTokens(user);
      }
      return refuseUnusable(tokenHash, user.id);
    },

    /** Browsers: the token comes from the session cookie, which names no user (decision 102). */
    async refreshSession(refreshToken: string) {
      const tokenHash = hashRefreshToken(refreshToken);
      const consumed = await repo.consumeRefreshTokenByHash(db, tokenHash);
      if (consumed) {
        const user = await repo.findById(db, consumed.userId);
        if (!user || user.deactivatedAt) throw new Unauthorized('Invalid refresh token');
        if (consumed.expiresAt.getTime() < Date.now()) throw new Unauthorized('Refresh token has expired');
        return issueTokens(user);
      }
      return refuseUnusable(tokenHash);
    },

    /** Signs one session out: its refresh token is revoked (unknown or spent tokens change nothing). */
    async logout(refreshToken: string) {
      await repo.revokeRefreshToken(db, hashRefreshToken(refreshToken));
    },

    /** Signs the caller out everywhere: every refresh token of theirs is revoked. */
    async logoutEverywhere(caller: Caller) {
      await repo.revokeAllRefreshTokens(db, caller.actor.userId);
      log.info({ userId: caller.actor.userId }, 'signed out everywhere: all refresh tokens revoked');
    },

    async listUsers(_caller: Caller, q: PageQuery & { type?: 'user' | 'service' }) {
      const { data, total } = await repo.listUsers(db, q.skip, q.take, q.type);
      return pageOf(data, total, q);
    },

    async setRoles(_caller: Caller, userId: string, roles: string[]) {
      const next = ['user', ...new Set(roles.filter((r) => r !== 'user'))];
      const user = await repo.setRoles(db, userId, next);
      if (!user) throw new NotFound('User not found');
      await actors?.invalidate(userId);
      events?.emit('user.admin_role.changed', { userId, isAdmin: next.includes('admin') });
      return user;
    },

    async findUser(userId: string) {
      return repo.findById(db, userId);
    },

    async existingUserIds(ids: string[]) {
      return repo.findExisting(db, ids);
    },

    /** The caller behind an access token or a personal access token, with roles as stored now (a demotion applies at once). */
    async resolveActor(token: string): Promise<Actor | null> {
      if (looksLikePersonalAccessToken(token)) return resolvePersonalAccessToken(token);
      const userId = await tokens.verify(token);
      if (!userId) return null;
      const user = await identityOf(userId);
      if (!user || user.deactivated) return null;
      return actorOf(user);
    },

    /** A new session for a user who proved who they are elsewhere (single sign-on): as a password sign-in answers. */
    async startSession(userId: string) {
      const user = await repo.findById(db, userId);
      if (!user || user.deactivatedAt || user.type === 'service') throw new Unauthorized('This account cannot sign in');
      return { user, ...(await issueTokens(user)) };
    },

    /** Deactivates or reactivates an account (admin): a deactivated one is refused at once in every process. */
    async setActive(caller: Caller, userId: string, active: boolean) {
      if (!active && userId === caller.actor.userId) throw new Conflict('You cannot deactivate your own account');
      const user = await repo.setDeactivated(db, userId, active ? null : new Date());
      if (!user) throw new NotFound('User not found');
      if (!active) await repo.revokeAllRefreshTokens(db, userId);
      await actors?.invalidate(userId);
      return user;
    },

    /** Drops what every process remembers of a user (a token revoked, an account removed). */
    async forget(userId: string) {
      await actors?.invalidate(userId);
    },

    async adminExists() {
      return repo.adminExists(db);
    },

    /** ADMIN_* bootstrap: create the admin, or add the role to an existing user of that name. */
    async bootstrapAdmin(admin: { username: string; email: string; password: string }) {
      const existing = await repo.findByUsername(db, admin.username);
      if (existing) {
        if (!existing.roles.includes('admin')) {
          await repo.setRoles(db, existing.id, [...existing.roles, 'admin']);
          await actors?.invalidate(existing.id);
        }
        return;
      }
      try {
        await repo.insertUser(db, {
          username: admin.username,
          email: admin.email,
          displayName: admin.username,
          passwordHash: await hash(admin.password, ARGON2),
          roles: ['user', 'admin'],
        });
        log.info({ username: admin.username }, 'admin user created from ADMIN_* settings');
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        const raced = await repo.findByUsername(db, admin.username);
        if (raced && !raced.roles.includes('admin')) {
          await repo.setRoles(db, raced.id, [...raced.roles, 'admin']);
          await actors?.invalidate(raced.id);
        } else if (!raced) log.error({ email: admin.email }, 'ADMIN_EMAIL belongs to another user; admin bootstrap skipped');
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
