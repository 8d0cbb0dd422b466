import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Config } from './config/config.js';
import { Invalid } from './kernel/errors.js';
import { pagingProblem } from './kernel/pagination.js';
import { CONTENT_SECURITY_POLICY, securityHeadersHook } from './kernel/security-headers.js';
import type { App } from './kernel/types.js';

/** What every request passes before its route: the paging check, security headers, CORS and the rate-limit store. */
export async function registerHttpPolicies(app: App, config: Config, redis: Redis | undefined) {
  // Paging values are checked before any route runs, also on whole-array lists (decisions 405, 815).
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'GET') return;
    // A querystring schema is an object or an intersection (`allOf`) of objects (the audit filters).
    type QuerySchema = { properties?: Record<string, unknown>; allOf?: QuerySchema[] };
    const q = request.routeOptions.schema?.querystring as QuerySchema | undefined;
    const declared = (name: string) =>
      [q, ...(q?.allOf ?? [])].some((part) => part?.properties !== undefined && name in part.properties);
    const problem = pagingProblem(request.query, declared);
    if (problem) throw new Invalid(`${problem.field} ${problem.problem}`, [problem]);
  });
  // Static security headers (helmet's, computed once), the request id, HSTS only over HTTPS, and
  // the strict CSP the portal and /api/docs work under (kernel/security-headers.ts).
  app.addHook('onRequest', securityHeadersHook(CONTENT_SECURITY_POLICY));
  await app.register(cors, {
    origin: config.allowedOrigins === '*' ? '*' : config.allowedOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Organization-Id', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'X-Total-Count'],
  });
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: `${config.redisKeyPrefix}:ratelimit:`,
    skipOnError: false,
    keyGenerator: (req) => req.ip,
    errorResponseBuilder: (_req, context) => {
      const err = new Error(`Too many requests: retry in ${Math.ceil(context.ttl / 1000)} seconds`) as Error & {
        statusCode: number;
      };
      err.statusCode = 429;
      return err;
    },
  });
}
