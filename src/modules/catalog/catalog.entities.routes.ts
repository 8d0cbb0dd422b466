import { Type } from 'typebox';
import { PageQuery } from '../../kernel/pagination.js';
import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { TeamSchema } from '../teams/index.js';
import type { BrowseService } from './catalog.browse.js';
import {
  EntityParams,
  LocationBody,
  LocationPage,
  LocationResult,
  PeopleQuery,
  PersonPage,
  PersonSchema,
  RegisterResult,
  RegisterYamlBody,
  RelationSchema,
} from './catalog.entities.schemas.js';
import type { RegisterService } from './catalog.register.js';
import { ComponentSchema } from './catalog.schemas.js';

const tags = ['catalog'];

/** Registration (YAML, locations) and the Backstage entity model's reads. */
export async function catalogEntityRoutes(
  app: App,
  { register, browse }: { register: RegisterService; browse: BrowseService },
) {
  registrationRoutes(app, { register, browse });
  locationRoutes(app, { register, browse });
  entityRoutes(app, { register, browse });
}

/** Registering: a YAML text or a location. */
function registrationRoutes(app: App, { register }: { register: RegisterService; browse: BrowseService }) {
  app.post(
    '/api/v1/catalog/register-yaml',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'registerCatalogYaml',
        summary: 'Register Backstage descriptors: atomic; created, updated, unchanged and skipped',
        description:
          'Allowed: admins, and anyone allowed every entity it names: a new entity needs a maintainer of the team its owner names, a stored one a member of its owning team (maintainers of both teams when its owner changes); Group and User entities need an admin. One refused document refuses the lot: 403 naming the first (docs/modules/permissions.md).',
        body: RegisterYamlBody,
        response: { 201: RegisterResult, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await register.registerYaml(req.caller, req.body.yaml)),
  );

  app.post(
    '/api/v1/catalog/locations',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        operationId: 'registerCatalogLocation',
        summary:
          'Register a git location: its catalog-info files or `path`, following Location targets; stored and refreshed',
        description:
          "Allowed: admins, and anyone allowed every entity its files name (as for register-yaml): one refused document refuses the registration, 403 naming its file and document, nothing stored. A location registered by someone without the admin role is refreshed with that person's rights: a document they may no longer write is that document's error (docs/modules/permissions.md).",
        body: LocationBody,
        response: { 201: LocationResult, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => reply.code(201).send(await register.registerLocation(req.caller, req.body)),
  );
}

/** Locations: listed, refreshed and deleted. */
function locationRoutes(app: App, { register }: { register: RegisterService; browse: BrowseService }) {
  app.get(
    '/api/v1/catalog/locations',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        operationId: 'listCatalogLocations',
        summary: 'Stored locations (admin), oldest first',
        querystring: PageQuery,
        response: { 200: LocationPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => register.listLocations(req.caller, req.query),
  );

  app.post(
    '/api/v1/catalog/locations/:id/refresh',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        operationId: 'refreshCatalogLocation',
        summary:
          'Re-read a stored location now (admin); an unreachable repository is recorded as its lastError and answered 400',
        params: IdParams,
        response: { 200: LocationResult, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => register.refreshLocation(req.caller, req.params.id),
  );

  app.delete(
    '/api/v1/catalog/locations/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        operationId: 'deleteCatalogLocation',
        summary: 'Delete a stored location (admin); its entities are kept',
        params: IdParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await register.deleteLocation(req.caller, req.params.id);
      return reply.code(204).send();
    },
  );
}

/** Reading the catalog: a component's relations, an entity by its ref, and people. */
function entityRoutes(app: App, { browse }: { register: RegisterService; browse: BrowseService }) {
  app.get(
    '/api/v1/catalog/components/:id/relations',
    {
      schema: {
        tags,
        operationId: 'listComponentRelations',
        summary:
          "A component's relations (Backstage types, both directions); targetId null while the target is unknown",
        params: IdParams,
        response: { 200: Type.Array(RelationSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => browse.relations(req.caller, req.params.id),
  );

  app.get(
    '/api/v1/catalog/entities/:kind/:namespace/:name',
    {
      schema: {
        tags,
        operationId: 'getCatalogEntity',
        summary: 'A component, team (group) or person (user) by entity reference; kind is case-insensitive',
        params: EntityParams,
        response: { 200: Type.Union([ComponentSchema, TeamSchema, PersonSchema]), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => browse.entity(req.caller, req.params.kind, req.params.namespace, req.params.name),
  );

  app.get(
    '/api/v1/catalog/people',
    {
      schema: {
        tags,
        operationId: 'listCatalogPeople',
        summary: 'Directory people (Backstage users), by name; paginated',
        querystring: PeopleQuery,
        response: { 200: PersonPage, ...errorResponses(400, 401) },
      },
    },
    async (req) => browse.people(req.caller, req.query),
  );
}
