import { verify } from '@node-rs/argon2';
import type { Caller } from '../../kernel/caller.js';
import { Forbidden, Unauthorized } from '../../kernel/errors.js';
import { hashPassword } from './auth.passwords.js';
import { authRepository as repo, type PublicUser } from './auth.repository.js';
import type { LoginBody } from './auth.schemas.js';
import type { AuthServiceDeps } from './auth.deps.js';
import { hashRefreshToken, newRefreshToken } from './tokens.js';

/** Sessions: password sign-in, refresh-token rotation (reuse revokes them all), sign-out, single sign-on's start. */
export function createSignInService(deps: AuthServiceDeps) {
  const { db, tokens, refreshTokenTtlS, log, passwordLogin = true, breakGlassUsername, audit } = deps;
  // Compared against when the user does not exist, so timing does not reveal which usernames exist.
  // Made on the first failed lookup, not at start: argon2id takes 19 MiB while it hashes.
  let dummyHash: Promise<string> | undefined;

  async function issueTokens(user: PublicUser) {
    const refreshToken = newRefreshToken();
    await repo.insertRefreshToken(
      db,
      user.id,
      hashRefreshToken(refreshToken),
      new Date(Date.now() + refreshTokenTtlS * 1000),
    );
    return { token: await tokens.sign(user), refreshToken, expiresIn: tokens.lifetime };
  }

  return {
    async login(body: LoginBody, requestId?: string) {
      const creds = await repo.findCredentials(db, body.username);
      const ok = await verify(
        creds?.passwordHash ?? (await (dummyHash ??= hashPassword('not-a-real-password-A1', deps.passwordHashProfile))),
        body.password,
      ).catch(() => false);
      const signIn = (outcome: SignInOutcome, statusCode: number) =>
        recordSignIn({ db, audit }, { body, creds, requestId }, outcome, statusCode);
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
      return refuseUnusable({ db, log }, tokenHash, user.id);
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
      return refuseUnusable({ db, log }, tokenHash);
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

    /** A new session for a user who proved who they are elsewhere (single sign-on): as a password sign-in answers. */
    async startSession(userId: string) {
      const user = await repo.findById(db, userId);
      if (!user || user.deactivatedAt || user.type === 'service') throw new Unauthorized('This account cannot sign in');
      return { user, ...(await issueTokens(user)) };
    },
  };
}

/** A refresh token that cannot be used: a used one coming back means it leaked. */
async function refuseUnusable(
  { db, log }: Pick<AuthServiceDeps, 'db' | 'log'>,
  tokenHash: string,
  userId?: string,
): Promise<never> {
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

type SignInOutcome = 'success' | 'failed' | 'denied';

/** A password sign-in's audit record (decision 984), in its own transaction. */
function recordSignIn(
  { db, audit }: Pick<AuthServiceDeps, 'db' | 'audit'>,
  { body, creds, requestId }: { body: LoginBody; creds: { id: string } | undefined; requestId?: string },
  outcome: SignInOutcome,
  statusCode: number,
) {
  return db.transaction(async (tx) => {
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
}
