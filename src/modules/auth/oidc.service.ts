import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { OidcProviderConfig } from '../../config/identity.js';
import type { Database } from '../../db/client.js';
import type { AuditPort } from '../../kernel/audit.js';
import { systemCaller, type Caller } from '../../kernel/caller.js';
import { isUniqueViolation } from '../../kernel/db-errors.js';
import { Conflict, NotFound } from '../../kernel/errors.js';
import { authRepository as users } from './auth.repository.js';
import { SignInRefused, type OidcProviders } from './auth.ports.js';
import type { AuthService } from './auth.service.js';
import { identityRepository as repo } from './identity.repository.js';
import { resolveSignIn, type GroupMemberships } from './oidc.resolver.js';

/** A sign-in must come back from the provider within this (the state row and its cookie live as long). */
export const SIGN_IN_WINDOW_S = 600;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
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

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface SignInServiceDeps {
  db: Database;
  log: FastifyBaseLogger;
  providers: OidcProviders;
  config: { oidcProviders: readonly OidcProviderConfig[]; publicUrl: string; passwordLogin: boolean };
  /** ADMIN_USERNAME: its password stays a way in when password sign-in is off. */
  breakGlassUsername: string | undefined;
  auth: Pick<AuthService, 'startSession'>;
  teams: GroupMemberships;
  audit?: AuditPort;
}

/** The callback's request, for its audit record (a GET: the audit module has not kept its origin). */
export interface CallbackRequest {
  id: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Single sign-on through OpenID Connect (decisions 830-834): the start and the callback of the
 * authorization code flow, and the identities a person has linked. `callback` is the one place a
 * single sign-on signs someone in or is refused, so an audit trail hooks in here.
 */
export function createSignInService({ db, log, providers, config, breakGlassUsername, auth, teams, audit }: SignInServiceDeps) {
  const byId = new Map(config.oidcProviders.map((p) => [p.id, p]));
  const redirectUri = (id: string) => `${config.publicUrl}/api/v1/auth/oidc/${id}/callback`;

  function provider(id: string) {
    const settings = byId.get(id);
    const port = providers.get(id);
    if (!settings || !port) throw new NotFound('No sign-in provider with this id');
    return { settings, port };
  }

  /** `auth.sign-in` via `oidc` (decisions 984, 999): a success in the sign-in's own transaction, a refusal alone. */
  const signInRecord = (request: CallbackRequest | undefined) => ({
    organizationId: null,
    requestId: request?.id,
    origin: request ? { ip: request.ip, userAgent: request.userAgent } : undefined,
    action: 'auth.sign-in',
    statusCode: 302,
  });

  async function recordRefusal(request: CallbackRequest | undefined, provider: string, refusal: SignInRefused) {
    await db.transaction((tx) =>
      audit!.record(tx, {
        ...signInRecord(request),
        actor: { userId: null, username: null, via: 'oidc' },
        resource: { type: 'identity-provider', id: provider, ref: `refused: ${refusal.reason}` },
        outcome: refusal.reason === 'disabled' || refusal.reason === 'domain' ? 'denied' : 'failed',
      }),
    );
  }

  async function resolve(settings: OidcProviderConfig, identity: Parameters<typeof resolveSignIn>[3], request: CallbackRequest | undefined) {
    const caller = systemCaller();
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          const resolved = await resolveSignIn(tx, caller, settings, identity, teams);
          const { id, username } = resolved.user;
          await audit?.record(tx, {
            ...signInRecord(request),
            actor: { userId: id, username, via: 'oidc' },
            resource: { type: 'user', id, ref: username },
            changes: resolved.created ? { account: [null, 'created'] } : resolved.linked ? { identity: [null, `linked ${settings.id}`] } : undefined,
          });
          return resolved;
        });
      } catch (err) {
        // Two first sign-ins of one identity at once: the second finds the first's link on its retry.
        if (!isUniqueViolation(err)) throw err;
        if (attempt >= 2) throw new SignInRefused('token', 'the identity conflicts with another link of the same account at this provider');
      }
    }
  }

  /**
   * The provider's answer: state (single use, bound to this browser), then the exchange and the ID
   * token, then who the person is. SignInRefused for every failure; nothing is signed in then.
   */
  async function complete(
    settings: OidcProviderConfig,
    port: ReturnType<typeof provider>['port'],
    query: Record<string, unknown>,
    rawQuery: string,
    boundState: string | undefined,
    request: CallbackRequest | undefined,
  ) {
    const state = typeof query.state === 'string' ? query.state : undefined;
    if (!state || state.length > 256) throw new SignInRefused('state', 'no state in the callback');
    if (!boundState || !sameSecret(state, boundState)) throw new SignInRefused('state', "the state is not the one this browser's sign-in started with");
    const pending = await repo.consumeState(db, sha256(state));
    if (!pending) throw new SignInRefused('state', 'unknown, expired or already used state');
    if (pending.provider !== settings.id) throw new SignInRefused('state', `the state was started for provider ${pending.provider}`);
    if (query.error !== undefined) {
      throw new SignInRefused('denied', `the provider answered error=${String(query.error).slice(0, 100)}`);
    }
    const identity = await port.exchange({
      callbackUrl: new URL(`${redirectUri(settings.id)}?${rawQuery}`),
      expectedState: state,
      expectedNonce: pending.nonce,
      codeVerifier: pending.codeVerifier,
    });
    const { user, created, linked } = await resolve(settings, identity, request);
    const session = await auth.startSession(user.id);
    log.info({ userId: user.id, provider: settings.id, created, linked }, 'signed in through single sign-on');
    return { ...session, returnTo: pending.returnTo };
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
    async callback(id: string, query: Record<string, unknown>, rawQuery: string, boundState: string | undefined, request?: CallbackRequest) {
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
      if (!linked.some((i) => i.provider === providerId)) throw new NotFound('No identity of this provider is linked to your account');
      const otherProviders = linked.filter((i) => i.provider !== providerId && byId.has(i.provider)).length;
      const passwordWorks = (config.passwordLogin || caller.actor.username === breakGlassUsername) && (await users.hasPassword(db, userId));
      if (otherProviders === 0 && !passwordWorks) {
        throw new Conflict('This is your only way to sign in: link another provider (or have a password) before unlinking it');
      }
      await repo.deleteIdentity(db, userId, providerId);
    },
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
