import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyServerOptions } from 'fastify';
import type { Config } from './config/config.js';
import { fastifyTrustProxy } from './config/runtime.js';
import { safeErrorSerializer } from './kernel/dependency-errors.js';
import { lazySerializerFactory, type createSchemaScope } from './kernel/lazy-schemas.js';

/** Every logger, the tests' included, logs errors without query parameters (kernel/dependency-errors.ts). */
function withSafeErrors(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, err: safeErrorSerializer as never } };
}

/** The Fastify server's options: logging without secrets, limits and timeouts from the settings, schemas compiled on first use. */
export function fastifyOptions(
  config: Config,
  logger: FastifyServerOptions['logger'],
  schemaScope: ReturnType<typeof createSchemaScope>,
): FastifyHttpOptions<Server> {
  return {
    logger: withSafeErrors(
      logger ?? {
        level: config.logLevel,
        serializers: {
          // Query strings can carry webhook tokens: never log them.
          req: (req) => ({ method: req.method, url: req.url?.split('?')[0], remoteAddress: req.ip }),
        },
      },
    ),
    bodyLimit: config.maxBodyBytes,
    trustProxy: fastifyTrustProxy(config.runtime.trustProxy),
    // A body that never completes is cut off (408); Node's header and keep-alive timeouts stay as they are.
    requestTimeout: config.runtime.requestTimeoutMs,
    // Node enforces request and header timeouts on this tick (30 s by default): 1 s keeps them exact.
    // It ignores requestTimeout while headersTimeout (60 s) is longer, so that one is capped by it.
    http: {
      connectionsCheckingInterval: 1_000,
      headersTimeout: config.runtime.requestTimeoutMs > 0 ? Math.min(60_000, config.runtime.requestTimeoutMs) : 60_000,
    },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    ajv: { customOptions: { strict: false } },
    schemaController: { compilersFactory: { buildSerializer: lazySerializerFactory(schemaScope) as never } },
  };
}
