import { Type } from 'typebox';
import { Invalid } from '../../kernel/errors.js';
import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { serializeOnce } from '../../kernel/serialize-once.js';
import {
  ComponentPage,
  ComponentSchema,
  CreateComponentBody,
  LIST_QUERY_KEYS,
  ListComponentsQuery,
  UpdateComponentBody,
} from './catalog.schemas.js';
import type { ComponentsService } from './catalog.service.js';

const tags = ['catalog'];

export async function catalogRoutes(app: App, { service }: { service: ComponentsService }) {
  componentReadRoutes(app, { service });
  componentWriteRoutes(app, { service });
  teamComponentRoutes(app, { service });
}

/** Components: the listing (its hot path) and one by id. */
function componentReadRoutes(app: App, { service }: { service: ComponentsService }) {
  // The hot path: a cached page is answered as the string serialised the first time.
  const sendPage = serializeOnce();
  app.get(
    '/api/v1/catalog/components',
    {
      // A mistyped filter must not silently answer everything: unknown query parameters are a 400.
      preValidation: async (req) => {
        const unknown = Object.keys((req.query ?? {}) as object).filter((k) => !LIST_QUERY_KEYS.has(k));
        if (unknown.length) {
          throw new Invalid(
            `unknown query parameter ${unknown.map((k) => `"${k.slice(0, 50)}"`).join(', ')}`,
            unknown.map((k) => ({ field: k.slice(0, 50), problem: 'is not a filter of this list' })),
          );
        }
      },
      schema: {
        tags,
        operationId: 'listComponents',
        summary: 'List components: search (q), filters and sort combine; paginated',
        description:
          'Each component carries `permissions: {update, delete}` for the caller unless `permissions=false` (docs/modules/permissions.md).',
        querystring: ListComponentsQuery,
        response: { 200: ComponentPage, ...errorResponses(400, 401) },
      },
    },
    async (req, reply) => sendPage(reply, await service.list(req.caller, req.query)),
  );

  app.get(
    '/api/v1/catalog/components/:id',
    {
      schema: {
        tags,
        operationId: 'getComponent',
        summary: 'Get a component',
        params: IdParams,
        response: { 200: ComponentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.get(req.caller, req.params.id),
  );
}

/** Components: created, changed and deleted. */
function componentWriteRoutes(app: App, { service }: { service: ComponentsService }) {
  app.post(
    '/api/v1/catalog/components',
    {
      schema: {
        tags,
        operationId: 'createComponent',
        summary: 'Create a component',
        description: 'Allowed: admins, and maintainers of the team it names as owner (`teamId` or `owner`).',
        body: CreateComponentBody,
        response: { 201: ComponentSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.body)),
  );

  app.patch(
    '/api/v1/catalog/components/:id',
    {
      schema: {
        tags,
        operationId: 'updateComponent',
        summary: 'Update a component: any subset of the fields, including gitopsApp',
        description:
          'Allowed: admins and members of the owning team; changing the owning team (`owner` or `teamId`): admins and maintainers of the owning team and of the new one.',
        params: IdParams,
        body: UpdateComponentBody,
        response: { 200: ComponentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => service.update(req.caller, req.params.id, req.body),
  );

  app.delete(
    '/api/v1/catalog/components/:id',
    {
      schema: {
        tags,
        operationId: 'deleteComponent',
        summary: 'Delete a component',
        description: 'Allowed: admins and maintainers of the owning team.',
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

/** A team's components. */
function teamComponentRoutes(app: App, { service }: { service: ComponentsService }) {
  app.get(
    '/api/v1/teams/:id/components',
    {
      schema: {
        tags: ['teams'],
        operationId: 'listTeamComponents',
        summary: 'Catalog components of a team (linked to it, or owned by its name)',
        params: IdParams,
        response: { 200: Type.Array(ComponentSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.componentsOfTeam(req.caller, req.params.id),
  );
}
