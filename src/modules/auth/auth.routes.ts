import cookie from '@fastify/cookie';
import { Type } from 'typebox';
import { bearerToken } from '../../kernel/auth.js';
import { Forbidden, Invalid, Unauthorized } from '../../kernel/errors.js';
import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  LoginBody,
  LoginResponse,
  LogoutBody,
  MeResponse,
  RefreshBody,
  RegisterBody,
  RolesBody,
  TokenPair,
  UserListQuery,
  UserPage,
} from './auth.schemas.js';
import { clearSessionCookie, requireJsonRequest, sessionToken, setSessionCookie } from './auth.session.js';
import type { AuthService } from './auth.service.js';

export interface AuthRoutesOptions {
  service: AuthService;
  /** Per-client limits (decision 605) (5/min register and login, 10/min refresh); off for test rigs. */
  rateLimit: boolean;
  /** REFRESH_TOKEN_TTL: the session cookie's Max-Age. */
  refreshTokenTtlS: number;
  /** The single sign-on identities linked to a user (the identity half of this module). */
  identitiesOf(userId: string): Promise<{ provider: string; subject: string; email: string | null; linkedAt: Date }[]>;
  /** The organizations a user may pick as context, with their role (organizations module, wired in app.ts). */
  organizationsOf(
    userId: string,
    isAdmin: boolean,
  ): Promise<{ id: string; name: string; slug: string; role: string | null }[]>;
}

const tags = ['auth'];
const perMinute = (on: boolean, max: number) => (on ? { rateLimit: { max, timeWindow: 60_000 } } : {});

export async function authRoutes(
  app: App,
  { service, rateLimit, refreshTokenTtlS, organizationsOf, identitiesOf }: AuthRoutesOptions,
) {
  await signInRoutes(app, { service, rateLimit, refreshTokenTtlS, organizationsOf, identitiesOf });
  refreshRoutes(app, { service, rateLimit, refreshTokenTtlS, organizationsOf, identitiesOf });
  sessionRoutes(app, { service, rateLimit, refreshTokenTtlS, organizationsOf, identitiesOf });
  userRoutes(app, { service, rateLimit, refreshTokenTtlS, organizationsOf, identitiesOf });
}

/** Registration and password sign-in (the session cookie's parser registered first). */
async function signInRoutes(app: App, { service, rateLimit, refreshTokenTtlS }: AuthRoutesOptions) {
  await app.register(cookie);

  app.post(
    '/api/v1/auth/register',
    {
      config: { auth: 'none', ...perMinute(rateLimit, 5) },
      schema: {
        tags,
        summary: 'Create an account',
        body: RegisterBody,
        response: { 201: Type.Ref('User'), ...errorResponses(400, 409, 429) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.register(req.body, req.id)),
  );

  app.post(
    '/api/v1/auth/login',
    {
      config: { auth: 'none', ...perMinute(rateLimit, 5) },
      schema: {
        tags,
        summary: 'Sign in: access and refresh tokens',
        description:
          'With `session: "cookie"` (browsers) the refresh token is set as the HttpOnly, SameSite=Strict cookie `hangar_refresh` ' +
          '(Path=/api/v1/auth, Secure over HTTPS) and `refreshToken` in the answer is empty; the request must be JSON.',
        body: LoginBody,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (req, reply) => {
      if (req.body.session !== 'cookie') return service.login(req.body, req.id);
      requireJsonRequest(req);
      const answer = await service.login(req.body, req.id);
      setSessionCookie(req, reply, answer.refreshToken, refreshTokenTtlS);
      return { ...answer, refreshToken: '' };
    },
  );
}

/** A new access token from a refresh token (API clients) or the session cookie (browsers). */
function refreshRoutes(app: App, { service, rateLimit, refreshTokenTtlS }: AuthRoutesOptions) {
  app.post(
    '/api/v1/auth/refresh',
    {
      config: { auth: 'none', ...perMinute(rateLimit, 10) },
      schema: {
        tags,
        summary: 'Rotate the refresh token for a new pair',
        description:
          'API clients send `username` and `refreshToken`. Browsers send `{"session": "cookie"}` with the `hangar_refresh` cookie: ' +
          'the cookie is rotated and `refreshToken` in the answer is empty. A refresh token works once; a used one coming back ' +
          "revokes all of the user's refresh tokens.",
        body: RefreshBody,
        response: { 200: TokenPair, ...errorResponses(400, 401, 429) },
      },
    },
    async (req, reply) => {
      const { username, refreshToken, session } = req.body;
      if (session === 'cookie') {
        requireJsonRequest(req);
        const token = sessionToken(req);
        if (!token) throw new Unauthorized('No session cookie: sign in again');
        try {
          const pair = await service.refreshSession(token);
          setSessionCookie(req, reply, pair.refreshToken, refreshTokenTtlS);
          return { ...pair, refreshToken: '' };
        } catch (err) {
          if (err instanceof Unauthorized) clearSessionCookie(req, reply);
          throw err;
        }
      }
      const missing = [!username && 'username', !refreshToken && 'refreshToken'].filter((f): f is string => !!f);
      if (missing.length) {
        throw new Invalid(
          `${missing.join(' and ')} required (or session: "cookie" with the session cookie)`,
          missing.map((field) => ({ field, problem: 'is required' })),
        );
      }
      return service.refresh({ username: username!, refreshToken: refreshToken! });
    },
  );
}

/** Sign-out, and who the caller is. */
function sessionRoutes(app: App, { service, rateLimit, organizationsOf, identitiesOf }: AuthRoutesOptions) {
  app.post(
    '/api/v1/auth/logout',
    {
      config: { auth: 'none', ...perMinute(rateLimit, 10) },
      schema: {
        tags,
        summary: 'Sign out: this session, or everywhere',
        description:
          'Revokes the refresh token of the `hangar_refresh` cookie (the request must then be JSON) or of `refreshToken`, and clears the cookie. ' +
          '`everywhere: true` needs the bearer token and revokes every refresh token of its user. Access tokens stay valid until they expire (JWT_EXPIRATION).',
        body: LogoutBody,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 429) },
      },
      // No body at all is a plain "sign this session out".
      preValidation: async (req) => {
        req.body ??= {};
      },
    },
    async (req, reply) => {
      const body = req.body;
      const cookieToken = sessionToken(req);
      if (req.cookies.hangar_refresh !== undefined) requireJsonRequest(req);
      if (body.everywhere) {
        const token = bearerToken(req);
        const actor = token ? await service.resolveActor(token) : null;
        if (!actor)
          throw new Unauthorized(token ? 'Invalid or expired token' : 'Signing out everywhere needs the bearer token');
        if (actor.token?.scope === 'read')
          throw new Forbidden('This personal access token is read-only: it may only read (GET)');
        await service.logoutEverywhere({ actor, organizationId: null, requestId: req.id });
      }
      for (const token of [cookieToken, body.refreshToken]) if (token) await service.logout(token);
      if (req.cookies.hangar_refresh !== undefined) clearSessionCookie(req, reply);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/v1/auth/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user and the organizations they may work in',
        response: { 200: MeResponse, ...errorResponses(401) },
      },
    },
    async (req) => {
      const user = await service.findUser(req.actor.userId);
      if (!user) throw new Unauthorized('Invalid or expired token');
      const [organizations, identities] = await Promise.all([
        organizationsOf(req.actor.userId, req.actor.isAdmin),
        identitiesOf(req.actor.userId),
      ]);
      return { user, identities, organizations };
    },
  );
}

/** Users and their global roles (admin). */
function userRoutes(app: App, { service }: AuthRoutesOptions) {
  app.get(
    '/api/v1/auth/users',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'List users and service accounts (admin)',
        querystring: UserListQuery,
        response: { 200: UserPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => service.listUsers(req.caller, req.query),
  );

  app.patch(
    '/api/v1/auth/users/:id/roles',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: "Set a user's global roles (admin); `user` is always kept",
        params: IdParams,
        body: RolesBody,
        response: { 200: Type.Ref('User'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.setRoles(req.caller, req.params.id, req.body.roles),
  );
}
