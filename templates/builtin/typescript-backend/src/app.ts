import Fastify from 'fastify';
import type { Config } from './config.js';

export function buildApp(config: Config) {
  const app = Fastify({ logger: true });

  app.get('/health', async () => ({ status: 'ok', service: config.serviceName, database: config.databaseType }));

  app.get('/api/v1/hello', async (request) => {
    const { name = 'world' } = request.query as { name?: string };
    return { message: `Hello, ${name}, from ${config.serviceName}` };
  });

  return app;
}
