import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import { PageQuery } from '../../kernel/pagination.js';
import type { App } from '../../kernel/types.js';
import {
  CreateEnvironmentBody,
  EnvironmentPage,
  EnvironmentSchema,
  UpdateEnvironmentBody,
} from './environments.schemas.js';
import type { EnvironmentsService } from './environments.service.js';

const tags = ['environments'];
const base = '/api/v1/environments';

export async function environmentsRoutes(app: App, { service }: { service: EnvironmentsService }) {
  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'List environments (by order, then name; paginated)',
        querystring: PageQuery,
        response: { 200: EnvironmentPage, ...errorResponses(400, 401) },
      },
    },
    async (req) => service.list(req.caller, req.query),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'Read an environment',
        params: IdParams,
        response: { 200: EnvironmentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.get(req.caller, req.params.id),
  );

  app.post(
    base,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Create an environment (admin)',
        body: CreateEnvironmentBody,
        response: { 201: EnvironmentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.body)),
  );

  app.patch(
    `${base}/:id`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Update an environment (admin)',
        params: IdParams,
        body: UpdateEnvironmentBody,
        response: { 200: EnvironmentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.update(req.caller, req.params.id, req.body),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Delete an environment and all its deployments (admin)',
        params: IdParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await service.remove(req.caller, req.params.id);
      return reply.code(204).send();
    },
  );
}
