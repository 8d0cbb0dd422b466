import { createHash, randomBytes } from 'node:crypto';
import { type Caller } from '../../kernel/caller.js';
import { Conflict, NotFound } from '../../kernel/errors.js';
import { authRepository as users } from './auth.repository.js';
import { SignInRefused } from './auth.ports.js';
import { identityRepository as repo } from './identity.repository.js';
import { callbackCompleter, redirectUriOf, refusalRecorder, sha256 } from './oidc.callback.js';
import type { CallbackRequest, SignInServiceDeps } from './oidc.deps.js';

export type { CallbackRequest, SignInServiceDeps } from './oidc.deps.js';

/** A sign-in must come back from the provider within this (the state row and its cookie live as long). */
export const SIGN_IN_WINDOW_S = 600;
const random = () => randomBytes(32).toString('base64url');

/**
 * `returnTo` as a path on Hangar itself, else `/` (decision 831): `//host`, `/\host`, URLs of any
 * scheme and control characters all resolve to another origin or are refused here.
 */
export function safeReturnTo(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.length > 2048 || /[\p{Cc}\\]/u.test(raw)) return '/';
  const base = 'http://hangar.invalid';
  try {
    const url = new URL(raw, base);
    if (url.origin !== base) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

/**
 * Single sign-on through OpenID Connect (decisions 830-834): the start and the callback of the
 * authorization code flow, and the identities a person has linked. `callback` is the one place a
 * single sign-on signs someone in or is refused, so an audit trail hooks in here.
 */
export function createSignInService(deps: SignInServiceDeps) {
  const { db, providers, config, breakGlassUsername, audit } = deps;
  const byId = new Map(config.oidcProviders.map((p) => [p.id, p]));
  const redirectUri = (id: string) => redirectUriOf(config.publicUrl, id);
  const complete = callbackCompleter(deps);
  const recordRefusal = refusalRecorder(deps);

  function provider(id: string) {
    const settings = byId.get(id);
    const port = providers.get(id);
    if (!settings || !port) throw new NotFound('No sign-in provider with this id');
    return { settings, port };
  }

  return {
    providers() {
      return {
        passwordLogin: config.passwordLogin,
        providers: config.oidcProviders.map((p) => ({ id: p.id, name: p.name, type: 'oidc' as const })),
      };
    },

    /** The provider's address to send the browser to, and the state the browser's cookie binds. */
    async start(id: string, rawReturnTo: unknown) {
      const { port } = provider(id);
      const state = random();
      const nonce = random();
      const codeVerifier = random();
      const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
      const location = await port.authorizationUrl({ redirectUri: redirectUri(id), state, nonce, codeChallenge });
      await repo.insertState(db, {
        stateHash: sha256(state),
        provider: id,
        nonce,
        codeVerifier,
        returnTo: safeReturnTo(rawReturnTo),
        expiresAt: new Date(Date.now() + SIGN_IN_WINDOW_S * 1000),
      });
      return { location: location.href, state };
    },

    /** The provider's answer (see `complete`); a refusal is recorded in the audit log by itself (decision 999). */
    async callback(
      id: string,
      query: Record<string, unknown>,
      rawQuery: string,
      boundState: string | undefined,
      request?: CallbackRequest,
    ) {
      const { settings, port } = provider(id);
      try {
        return await complete(settings, port, query, rawQuery, boundState, request);
      } catch (err) {
        if (err instanceof SignInRefused && audit) await recordRefusal(request, id, err);
        throw err;
      }
    },

    async identities(userId: string) {
      return repo.identitiesOf(db, userId);
    },

    /** Unlinks one of the caller's identities, unless it is their only way left to sign in. */
    async unlink(caller: Caller, providerId: string) {
      const userId = caller.actor.userId;
      const linked = await repo.identitiesOf(db, userId);
      if (!linked.some((i) => i.provider === providerId))
        throw new NotFound('No identity of this provider is linked to your account');
      const otherProviders = linked.filter((i) => i.provider !== providerId && byId.has(i.provider)).length;
      const passwordWorks =
        (config.passwordLogin || caller.actor.username === breakGlassUsername) && (await users.hasPassword(db, userId));
      if (otherProviders === 0 && !passwordWorks) {
        throw new Conflict(
          'This is your only way to sign in: link another provider (or have a password) before unlinking it',
        );
      }
      await repo.deleteIdentity(db, userId, providerId);
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
