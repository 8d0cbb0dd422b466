import cookie from '@fastify/cookie';
import { Type } from 'typebox';
import { NotFound } from '../../kernel/errors.js';
import { EmptyResponse, errorResponses } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { SignInRefused } from './auth.ports.js';
import { setSessionCookie } from './auth.session.js';
import type { AuthService } from './auth.service.js';
import { ProviderParams, ProvidersResponse, StartQuery } from './identity.schemas.js';
import { SIGN_IN_WINDOW_S, type SignInService } from './oidc.service.js';
import type { PersonalAccessTokenService } from './pat.service.js';
import { patRoutes } from './pat.routes.js';

export interface IdentityRoutesOptions {
  signIn: SignInService;
  tokens: PersonalAccessTokenService;
  auth: Pick<AuthService, 'setActive'>;
  rateLimit: boolean;
  refreshTokenTtlS: number;
}

const tags = ['auth'];
/** Binds a sign-in to the browser that started it (decision 831): Lax, so the provider's redirect back carries it. */
const STATE_COOKIE = 'hangar_oidc_state';
const STATE_COOKIE_PATH = '/api/v1/auth/oidc';
const Redirect = Type.Unsafe<undefined>(Type.Null({ description: 'A redirect: see `Location`' }));
const perMinute = (on: boolean, max: number) => (on ? { rateLimit: { max, timeWindow: 60_000 } } : {});
const OidcParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: 'the provider id of OIDC_PROVIDERS' }),
});

export async function identityRoutes(
  app: App,
  { signIn, tokens, auth, rateLimit, refreshTokenTtlS }: IdentityRoutesOptions,
) {
  await providerRoutes(app, { signIn, tokens, auth, rateLimit, refreshTokenTtlS });
  callbackRoutes(app, { signIn, tokens, auth, rateLimit, refreshTokenTtlS });
  patRoutes(app, { tokens, auth });
}

/** The sign-in providers, and a single sign-on's start (the session cookie's parser registered first). */
async function providerRoutes(app: App, { signIn, rateLimit }: IdentityRoutesOptions) {
  await app.register(cookie);

  app.get(
    '/api/v1/auth/providers',
    {
      config: { auth: 'none' },
      schema: {
        tags,
        operationId: 'listSignInProviders',
        summary: 'How people sign in: the password form and the single sign-on providers',
        response: { 200: ProvidersResponse },
      },
    },
    async () => signIn.providers(),
  );

  app.get(
    '/api/v1/auth/oidc/:id/start',
    {
      config: { auth: 'none', ...perMinute(rateLimit, 60) },
      schema: {
        tags,
        operationId: 'startOidcSignIn',
        summary: 'Start a single sign-on: 302 to the provider',
        description:
          'Redirects to the provider with `state`, `nonce` and a PKCE S256 challenge (kept server-side for 10 minutes) and sets the ' +
          '`hangar_oidc_state` cookie (HttpOnly, SameSite=Lax) that binds the sign-in to this browser. `returnTo` must be a path on ' +
          'Hangar; anything else becomes `/`. A provider that cannot be reached: 302 to `/sign-in?error=unavailable`.',
        params: OidcParams,
        querystring: StartQuery,
        response: { 302: Redirect, ...errorResponses(404, 429) },
      },
    },
    async (req, reply) => {
      try {
        const { location, state } = await signIn.start(req.params.id, req.query.returnTo);
        reply.setCookie(STATE_COOKIE, state, {
          httpOnly: true,
          sameSite: 'lax',
          path: STATE_COOKIE_PATH,
          maxAge: SIGN_IN_WINDOW_S,
          secure: req.protocol === 'https',
        });
        return reply.redirect(location, 302);
      } catch (err) {
        if (!(err instanceof SignInRefused)) throw err;
        req.log.warn(
          { provider: req.params.id, reason: err.reason, detail: err.detail },
          'single sign-on could not start',
        );
        return reply.redirect(`/sign-in?error=${err.reason}`, 302);
      }
    },
  );
}

/** A single sign-on's return from the provider, and unlinking an identity. */
function callbackRoutes(app: App, { signIn, rateLimit, refreshTokenTtlS }: IdentityRoutesOptions) {
  app.get(
    '/api/v1/auth/oidc/:id/callback',
    {
      config: { auth: 'none', ...perMinute(rateLimit, 60) },
      schema: {
        tags,
        operationId: 'completeOidcSignIn',
        summary: "The provider's redirect back: signs in, then 302 to returnTo",
        description:
          'Checks the state (single use, bound to the browser), exchanges the code and verifies the ID token (RS256/ES256/PS256/EdDSA; ' +
          'issuer, audience, expiry with 60 s of skew, nonce), then signs the person in as a password sign-in does (the `hangar_refresh` ' +
          'cookie) and redirects to `returnTo`. Any failure signs nobody in, sets no cookie and redirects to `/sign-in?error=<reason>`, ' +
          'reason one of `state`, `denied`, `exchange`, `token`, `domain`, `disabled`; the details are in the server log only.',
        params: OidcParams,
        response: { 302: Redirect, ...errorResponses(404, 429) },
      },
    },
    async (req, reply) => {
      const rawQuery = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
      try {
        const session = await signIn.callback(
          req.params.id,
          req.query as Record<string, unknown>,
          rawQuery,
          req.cookies[STATE_COOKIE],
          {
            id: req.id,
            ip: req.ip ?? null,
            userAgent: req.headers['user-agent']?.slice(0, 512) ?? null,
          },
        );
        setSessionCookie(req, reply, session.refreshToken, refreshTokenTtlS);
        reply.clearCookie(STATE_COOKIE, {
          path: STATE_COOKIE_PATH,
          httpOnly: true,
          sameSite: 'lax',
          secure: req.protocol === 'https',
        });
        return reply.redirect(session.returnTo, 302);
      } catch (err) {
        if (err instanceof NotFound) throw err;
        const refusal = err instanceof SignInRefused ? err : undefined;
        // The provider out of reach mid-way, or this server's own trouble: the exchange did not complete.
        const reason = !refusal || refusal.reason === 'unavailable' ? 'exchange' : refusal.reason;
        if (refusal)
          req.log.warn({ provider: req.params.id, reason, detail: refusal.detail }, 'single sign-on refused');
        else req.log.error({ err, provider: req.params.id }, 'single sign-on failed');
        return reply.redirect(`/sign-in?error=${reason}`, 302);
      }
    },
  );

  app.delete(
    '/api/v1/auth/me/identities/:provider',
    {
      schema: {
        tags,
        operationId: 'unlinkIdentity',
        summary: 'Unlink one of your single sign-on identities',
        description:
          '409 when it is your only way to sign in (no other linked provider, and no password that may sign in).',
        params: ProviderParams,
        response: { 204: EmptyResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      await signIn.unlink(req.caller, req.params.provider);
      return reply.code(204).send();
    },
  );
}
