import { createHash, timingSafeEqual } from 'node:crypto';
import type { OidcProviderConfig } from '../../config/identity.js';
import { systemCaller } from '../../kernel/caller.js';
import { isUniqueViolation } from '../../kernel/db-errors.js';
import { SignInRefused, type OidcProviderPort } from './auth.ports.js';
import { identityRepository as repo } from './identity.repository.js';
import type { CallbackRequest, SignInServiceDeps } from './oidc.deps.js';
import { resolveSignIn } from './oidc.resolver.js';

// The provider's answer to a sign-in: checked, exchanged, resolved to a person and audited (decision
// 1170: cut out of createSignInService).

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const redirectUriOf = (publicUrl: string, id: string) => `${publicUrl}/api/v1/auth/oidc/${id}/callback`;

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `auth.sign-in` via `oidc` (decisions 984, 999): a success in the sign-in's own transaction, a refusal alone. */
const signInRecord = (request: CallbackRequest | undefined) => ({
  organizationId: null,
  requestId: request?.id,
  origin: request ? { ip: request.ip, userAgent: request.userAgent } : undefined,
  action: 'auth.sign-in',
  statusCode: 302,
});

export function refusalRecorder({ db, audit }: SignInServiceDeps) {
  return async function recordRefusal(request: CallbackRequest | undefined, provider: string, refusal: SignInRefused) {
    await db.transaction((tx) =>
      audit!.record(tx, {
        ...signInRecord(request),
        actor: { userId: null, username: null, via: 'oidc' },
        resource: { type: 'identity-provider', id: provider, ref: `refused: ${refusal.reason}` },
        outcome: refusal.reason === 'disabled' || refusal.reason === 'domain' ? 'denied' : 'failed',
      }),
    );
  };
}

function signInResolver({ db, audit, teams }: SignInServiceDeps) {
  return async function resolve(
    settings: OidcProviderConfig,
    identity: Parameters<typeof resolveSignIn>[3],
    request: CallbackRequest | undefined,
  ) {
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
            changes: resolved.created
              ? { account: [null, 'created'] }
              : resolved.linked
                ? { identity: [null, `linked ${settings.id}`] }
                : undefined,
          });
          return resolved;
        });
      } catch (err) {
        // Two first sign-ins of one identity at once: the second finds the first's link on its retry.
        if (!isUniqueViolation(err)) throw err;
        if (attempt >= 2)
          throw new SignInRefused(
            'token',
            'the identity conflicts with another link of the same account at this provider',
          );
      }
    }
  };
}

export function callbackCompleter(deps: SignInServiceDeps) {
  const { db, log, auth, config } = deps;
  const resolve = signInResolver(deps);
  /**
   * The provider's answer: state (single use, bound to this browser), then the exchange and the ID
   * token, then who the person is. SignInRefused for every failure; nothing is signed in then.
   */
  return async function complete(
    settings: OidcProviderConfig,
    port: OidcProviderPort,
    query: Record<string, unknown>,
    rawQuery: string,
    boundState: string | undefined,
    request: CallbackRequest | undefined,
  ) {
    const state = typeof query.state === 'string' ? query.state : undefined;
    if (!state || state.length > 256) throw new SignInRefused('state', 'no state in the callback');
    if (!boundState || !sameSecret(state, boundState))
      throw new SignInRefused('state', "the state is not the one this browser's sign-in started with");
    const pending = await repo.consumeState(db, sha256(state));
    if (!pending) throw new SignInRefused('state', 'unknown, expired or already used state');
    if (pending.provider !== settings.id)
      throw new SignInRefused('state', `the state was started for provider ${pending.provider}`);
    if (query.error !== undefined) {
      throw new SignInRefused('denied', `the provider answered error=${String(query.error).slice(0, 100)}`);
    }
    const identity = await port.exchange({
      callbackUrl: new URL(`${redirectUriOf(config.publicUrl, settings.id)}?${rawQuery}`),
      expectedState: state,
      expectedNonce: pending.nonce,
      codeVerifier: pending.codeVerifier,
    });
    const { user, created, linked } = await resolve(settings, identity, request);
    const session = await auth.startSession(user.id);
    log.info({ userId: user.id, provider: settings.id, created, linked }, 'signed in through single sign-on');
    return { ...session, returnTo: pending.returnTo };
  };
}
