import { Type } from 'typebox';
import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  CreateLinkBody,
  LinkParams,
  OverviewItemSchema,
  SearchIndexLinkSchema,
  StatsEntrySchema,
} from './search-indices.schemas.js';
import type { SearchIndicesService } from './search-indices.service.js';

const tags = ['search indices'];
const base = '/api/v1/components/:id/searchengine-indices';

export async function searchIndicesRoutes(app: App, { service }: { service: SearchIndicesService }) {
  app.get(
    base,
    {
      schema: {
        operationId: 'listComponentSearchIndices',
        tags,
        summary: "A component's search-index links",
        params: IdParams,
        response: { 200: Type.Array(SearchIndexLinkSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.list(req.caller, req.params.id),
  );
  app.get(
    `${base}/stats`,
    {
      schema: {
        operationId: 'getComponentSearchIndexStats',
        tags,
        summary: 'Live stats of each link (reachable false, no stats, when its cluster cannot be read)',
        params: IdParams,
        response: { 200: Type.Array(StatsEntrySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.stats(req.caller, req.params.id),
  );
  app.post(
    base,
    {
      // The link remembers the organization of X-Organization-Id, which scopes the admin overview.
      config: { organization: true },
      schema: {
        operationId: 'createComponentSearchIndex',
        tags,
        summary: 'Link a component to an index name or pattern',
        params: IdParams,
        body: CreateLinkBody,
        response: { 201: SearchIndexLinkSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.params.id, req.body)),
  );
  app.delete(
    `${base}/:indexId`,
    {
      schema: {
        operationId: 'deleteComponentSearchIndex',
        tags,
        summary:
          'Remove a link (the index itself is untouched); a link made in an organization: its members and admins only (403 otherwise)',
        params: LinkParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await service.remove(req.caller, req.params.id, req.params.indexId);
      return reply.code(204).send();
    },
  );
  app.get(
    '/api/v1/searchengine/indices',
    {
      config: { auth: 'admin', organization: true },
      schema: {
        operationId: 'listSearchIndexOverview',
        tags,
        summary: 'All links with live stats, grouped by component (admin; limited to X-Organization-Id when given)',
        response: { 200: Type.Array(OverviewItemSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.overview(req.caller),
  );
}
