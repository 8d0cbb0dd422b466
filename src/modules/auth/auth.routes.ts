import { Type } from 'typebox';
import { PageQuery } from '../../kernel/pagination.js';
import { errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { LoginBody, LoginResponse, RefreshBody, RegisterBody, RolesBody, TokenPair, UserPage } from './auth.schemas.js';
import type { AuthService } from './auth.service.js';

export interface AuthRoutesOptions {
  service: AuthService;
  /** Per-client limits of document 1 (5/min register and login, 10/min refresh); off for test rigs. */
  rateLimit: boolean;
}

const tags = ['auth'];
const perMinute = (on: boolean, max: number) => (on ? { rateLimit: { max, timeWindow: 60_000 } } : {});

export async function authRoutes(app: App, { service, rateLimit }: AuthRoutesOptions) {
  app.post(
    '/api/v1/auth/register',
    {
      config: { auth: 'none', ...perMinute(rateLimit, 5) },
      schema: { tags, summary: 'Create an account', body: RegisterBody, response: { 201: Type.Ref('User'), ...errorResponses(400, 409, 429) } },
    },
    async (req, reply) => reply.code(201).send(await service.register(req.body)),
  );

  app.post(
    '/api/v1/auth/login',
    {
      config: { auth: 'none', ...perMinute(rateLimit, 5) },
      schema: { tags, summary: 'Sign in: access and refresh tokens', body: LoginBody, response: { 200: LoginResponse, ...errorResponses(400, 401, 429) } },
    },
    async (req) => service.login(req.body),
  );

  app.post(
    '/api/v1/auth/refresh',
    {
      config: { auth: 'none', ...perMinute(rateLimit, 10) },
      schema: { tags, summary: 'Rotate the refresh token for a new pair', body: RefreshBody, response: { 200: TokenPair, ...errorResponses(400, 401, 429) } },
    },
    async (req) => service.refresh(req.body),
  );

  app.get(
    '/api/v1/auth/users',
    {
      config: { auth: 'admin' },
      schema: { tags, summary: 'List users (admin)', querystring: PageQuery, response: { 200: UserPage, ...errorResponses(400, 401, 403) } },
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
