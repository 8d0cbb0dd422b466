import { Type } from 'typebox';
import { PageQuery } from '../../kernel/pagination.js';
import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  ActiveBody,
  CreatedToken,
  CreateTokenBody,
  ServiceAccountBody,
  ServiceAccountPage,
  ServiceAccountSchema,
  TokenList,
  TokenListQuery,
} from './identity.schemas.js';

import type { AuthService } from './auth.service.js';
import type { PersonalAccessTokenService } from './pat.service.js';

const tags = ['auth'];

export interface PatRoutesOptions {
  tokens: PersonalAccessTokenService;
  auth: Pick<AuthService, 'setActive'>;
}

/** Personal access tokens and service accounts (decisions 836, 837). */
export function patRoutes(app: App, options: PatRoutesOptions) {
  tokenRoutes(app, options);
  serviceAccountRoutes(app, options);
}

/** Personal access tokens: created, listed, revoked. */
function tokenRoutes(app: App, { tokens }: Pick<PatRoutesOptions, 'tokens'>) {
  app.post(
    '/api/v1/auth/tokens',
    {
      schema: {
        tags,
        summary: 'Create a personal access token (its secret is in this answer only)',
        description: 'A request made with a personal access token cannot create tokens (403).',
        body: CreateTokenBody,
        response: { 201: CreatedToken, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await tokens.create(req.caller, req.body)),
  );

  app.get(
    '/api/v1/auth/tokens',
    {
      schema: {
        tags,
        summary: 'Your personal access tokens (admins: `?userId=` for anyone’s)',
        querystring: TokenListQuery,
        response: { 200: TokenList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => tokens.list(req.caller, req.query.userId),
  );

  app.delete(
    '/api/v1/auth/tokens/:id',
    {
      schema: {
        tags,
        operationId: 'revokeToken',
        summary: 'Revoke a personal access token (yours; admins: anyone’s); refused at once in every process',
        params: IdParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await tokens.revoke(req.caller, req.params.id);
      return reply.code(204).send();
    },
  );
}

/** Service accounts and their tokens, and an account's (de)activation (admin). */
function serviceAccountRoutes(app: App, { tokens, auth }: PatRoutesOptions) {
  app.post(
    '/api/v1/auth/service-accounts',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Create a service account (admin): a user for automation that only tokens sign in as',
        body: ServiceAccountBody,
        response: { 201: ServiceAccountSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await tokens.createServiceAccount(req.caller, req.body)),
  );

  app.get(
    '/api/v1/auth/service-accounts',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'List service accounts (admin)',
        querystring: PageQuery,
        response: { 200: ServiceAccountPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => tokens.listServiceAccounts(req.caller, req.query),
  );

  app.delete(
    '/api/v1/auth/service-accounts/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Delete a service account and its tokens (admin)',
        params: IdParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await tokens.deleteServiceAccount(req.caller, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/v1/auth/service-accounts/:id/tokens',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        operationId: 'createServiceAccountToken',
        summary: "Create a service account's token (admin; its secret is in this answer only)",
        params: IdParams,
        body: CreateTokenBody,
        response: { 201: CreatedToken, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await tokens.createServiceAccountToken(req.caller, req.params.id, req.body)),
  );

  app.patch(
    '/api/v1/auth/users/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        operationId: 'setUserActive',
        summary: 'Deactivate or reactivate an account (admin)',
        description:
          'A deactivated account cannot sign in; its sessions and tokens are refused at once in every process.',
        params: IdParams,
        body: ActiveBody,
        response: { 200: Type.Ref('User'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => auth.setActive(req.caller, req.params.id, req.body.active),
  );
}
