import { Type } from 'typebox';
import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { CreateSourceBody, ScanAccepted, SourceSchema, StatusSchema, UpdateSourceBody } from './discovery.schemas.js';
import type { DiscoveryService } from './discovery.service.js';

const tags = ['catalog'];
const base = '/api/v1/catalog/discovery';
const OrgHeader = Type.Object({
  'x-organization-id': Type.Optional(
    Type.String({ description: 'current organization (member or global admin); absent: records without one' }),
  ),
});
const admin = { auth: 'admin', organization: true } as const;

/** Discovery sources (admin): GitHub organizations/users and GitLab groups the catalog fills itself from. */
export async function discoveryRoutes(app: App, { service }: { service: DiscoveryService }) {
  sourceRoutes(app, { service });
  sourceItemRoutes(app, { service });
  scanRoutes(app, { service });
}

/** Discovery sources: listed and created. */
function sourceRoutes(app: App, { service }: { service: DiscoveryService }) {
  app.get(
    base,
    {
      config: admin,
      schema: {
        operationId: 'listDiscoverySources',
        tags,
        summary: 'List discovery sources of the current organization (admin)',
        headers: OrgHeader,
        response: { 200: Type.Array(SourceSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.list(req.caller),
  );

  app.post(
    base,
    {
      config: admin,
      schema: {
        operationId: 'createDiscoverySource',
        tags,
        summary: 'Add a GitHub organization/user or GitLab group whose repositories are read into the catalog (admin)',
        headers: OrgHeader,
        body: CreateSourceBody,
        response: { 201: SourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.body)),
  );
}

/** One discovery source: read, changed and deleted. */
function sourceItemRoutes(app: App, { service }: { service: DiscoveryService }) {
  app.get(
    `${base}/:id`,
    {
      config: admin,
      schema: {
        operationId: 'getDiscoverySource',
        tags,
        summary: 'Read one discovery source (admin)',
        headers: OrgHeader,
        params: IdParams,
        response: { 200: SourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.get(req.caller, req.params.id),
  );

  app.patch(
    `${base}/:id`,
    {
      config: admin,
      schema: {
        operationId: 'updateDiscoverySource',
        tags,
        summary:
          'Change a discovery source (admin); a change of what is read makes the next scan read every repository',
        headers: OrgHeader,
        params: IdParams,
        body: UpdateSourceBody,
        response: { 200: SourceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.update(req.caller, req.params.id, req.body),
  );

  app.delete(
    `${base}/:id`,
    {
      config: admin,
      schema: {
        operationId: 'deleteDiscoverySource',
        tags,
        summary: 'Delete a discovery source (admin); the entities it registered stay with their locations',
        headers: OrgHeader,
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

/** A source's scan: started now, and its status. */
function scanRoutes(app: App, { service }: { service: DiscoveryService }) {
  app.post(
    `${base}/:id/scan`,
    {
      config: admin,
      schema: {
        operationId: 'scanDiscoverySource',
        tags,
        summary: 'Queue a scan now (admin); follow it at …/status',
        headers: OrgHeader,
        params: IdParams,
        response: { 202: ScanAccepted, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (req, reply) => reply.code(202).send(await service.requestScan(req.caller, req.params.id)),
  );

  app.get(
    `${base}/:id/status`,
    {
      config: admin,
      schema: {
        operationId: 'getDiscoveryStatus',
        tags,
        summary:
          "A source's last scan: times, repositories, files, entities, requests, rate limit, errors per repository (admin)",
        headers: OrgHeader,
        params: IdParams,
        response: { 200: StatusSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.status(req.caller, req.params.id),
  );
}
