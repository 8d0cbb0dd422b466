import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { App } from '../kernel/types.js';
import { polishOpenApi } from './openapi-polish.js';

/**
 * The OpenAPI 3 document, generated from the route schemas (never written by hand), served at
 * /api/docs/openapi.json, with a browsable UI at /api/docs.
 */
export async function registerDocs(app: App) {
  await app.register(swagger, {
    openapi: {
      // 3.1: the route schemas are JSON Schema 2020-12 (null types, const, propertyNames), which 3.0 cannot express.
      openapi: '3.1.0',
      servers: [{ url: '/', description: 'This Hangar server' }],
      info: {
        title: 'Hangar API',
        version: '1.0.0',
        description:
          'Hangar, an internal developer platform: accounts, organizations, teams, environments, the component catalog, ' +
          'API specifications, templates and scaffolding, dashboards, incidents, infrastructure-as-code and delivery. ' +
          'Errors use the envelope `{statusCode, message, error, timestamp, path[, details]}`. Paginated lists take ' +
          '`skip`/`take` and answer `{data, total, skip, take}`. Events are pushed over Socket.IO on namespace `/events` ' +
          '(path `/socket.io`), authenticated with `auth: {token}` in the handshake.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          ingestToken: { type: 'http', scheme: 'bearer', description: 'the IAC_INGEST_TOKEN setting' },
        },
      },
    },
    transformObject: (doc) => polishOpenApi((doc as { openapiObject: Record<string, unknown> }).openapiObject),
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
  app.get('/api/docs/openapi.json', { config: { auth: 'none' }, schema: { hide: true } as object }, async () =>
    app.swagger(),
  );
}
