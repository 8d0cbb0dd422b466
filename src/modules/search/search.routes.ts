import { errorResponses } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { SearchQuery, SearchResponse } from './search.schemas.js';
import type { SearchService } from './search.service.js';

export async function searchRoutes(app: App, { service }: { service: SearchService }) {
  app.get(
    '/api/v1/search',
    {
      schema: {
        tags: ['search'],
        operationId: 'search',
        summary: 'Search components, APIs, teams, people and templates',
        description:
          'Per kind: the exact name first, then names starting with the text, then full-text matches over names, titles, tags and ' +
          'descriptions ("quoted phrases" as phrases), then fuzzy matches (typos, partial words). Groups come best match first.',
        querystring: SearchQuery,
        response: { 200: SearchResponse, ...errorResponses(400, 401) },
      },
    },
    async (req) => service.search(req.caller, req.query),
  );
}
