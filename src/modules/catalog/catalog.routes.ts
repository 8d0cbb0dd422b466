import { errorResponses, EmptyResponse, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  ComponentPage,
  ComponentSchema,
  CreateComponentBody,
  ListComponentsQuery,
  LocationBody,
  LocationResult,
  RegisterResult,
  RegisterYamlBody,
  UpdateComponentBody,
} from './catalog.schemas.js';
import type { CatalogService } from './catalog.service.js';

const tags = ['catalog'];

export async function catalogRoutes(app: App, { service }: { service: CatalogService }) {
  app.get(
    '/api/v1/catalog/components',
    {
      schema: {
        tags,
        summary: 'List components (filters kindGroup and teamId combine; ordered by name)',
        querystring: ListComponentsQuery,
        response: { 200: ComponentPage, ...errorResponses(400, 401) },
      },
    },
    async (req) => service.list(req.query),
  );

  app.get(
    '/api/v1/catalog/components/:id',
    { schema: { tags, summary: 'Get a component', params: IdParams, response: { 200: ComponentSchema, ...errorResponses(400, 401, 404) } } },
    async (req) => service.get(req.params.id),
  );

  app.post(
    '/api/v1/catalog/components',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Create a component (admin)',
        body: CreateComponentBody,
        response: { 201: ComponentSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.body)),
  );

  app.patch(
    '/api/v1/catalog/components/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Update a component (admin): any subset of the fields, including gitopsApp',
        params: IdParams,
        body: UpdateComponentBody,
        response: { 200: ComponentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => service.update(req.params.id, req.body),
  );

  app.delete(
    '/api/v1/catalog/components/:id',
    {
      config: { auth: 'admin' },
      schema: { tags, summary: 'Delete a component (admin)', params: IdParams, response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) } },
    },
    async (req, reply) => {
      await service.remove(req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/v1/catalog/register-yaml',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Register components from Backstage-style YAML descriptors (admin); existing name+kind are updated',
        body: RegisterYamlBody,
        response: { 201: RegisterResult, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.registerYaml(req.body.yaml)),
  );

  app.post(
    '/api/v1/catalog/locations',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Register every catalog-info.yaml / .yml of a git repository (admin)',
        body: LocationBody,
        response: { 201: LocationResult, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.registerLocation(req.body)),
  );
}
