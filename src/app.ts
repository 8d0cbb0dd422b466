import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import secureJson from 'secure-json-parse';
import type { Config } from './config/config.js';
import { fastifyTrustProxy } from './config/runtime.js';
import { createAdapters, type Adapters } from './adapters/index.js';
import type { Infrastructure } from './context.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { migrate } from './db/migrate.js';
import { MemoryCache, RedisCache } from './infra/cache/cache.js';
import { registerMetrics } from './infra/metrics.js';
import { JobsRuntime } from './infra/jobs/runtime.js';
import { createQueue } from './infra/queue/index.js';
import { createEventBus, type EventBus } from './infra/events.js';
import { createRealtimeGateway } from './infra/realtime/gateway.js';
import { closeRedis, createRedis, loadRedisDriver } from './infra/redis.js';
import { registerAuthGuard } from './kernel/auth.js';
import { registerErrorHandling } from './kernel/error-handler.js';
import { Invalid } from './kernel/errors.js';
import { pagingProblem } from './kernel/pagination.js';
import { ErrorSchema } from './kernel/schemas.js';
import type { App } from './kernel/types.js';
import { createValidatorCompiler } from './kernel/validation.js';
import { createSchemaScope, lazySerializerFactory, lazyValidatorCompiler } from './kernel/lazy-schemas.js';
import { CONTENT_SECURITY_POLICY, securityHeadersHook } from './kernel/security-headers.js';
import { safeErrorSerializer } from './kernel/dependency-errors.js';
import { jsonTooDeep, MAX_JSON_DEPTH } from './kernel/json-depth.js';
import { registerDocs } from './docs/docs.js';
import { createPortal } from './infra/portal.js';
import { AccessTokens, ActorCache, UserSchema, authRoutes, createAuthService, createIdentityModule } from './modules/auth/index.js';
import { teamsSignInVerbs } from './modules/teams/index.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { registerModules, type Modules } from './modules/wiring.js';
import { createAuditModule } from './modules/audit/index.js';
import { organizationsLookup, resolveOrganizationContext } from './modules/organizations/index.js';

/**
 * What the composition root built: for operations tooling and tests, never read by a module. It
 * lives here, not in context.ts, so no module's import of `Infrastructure` reaches the modules' own
 * types (decision 922).
 */
export interface Hangar extends Infrastructure {
  adapters: Adapters;
  modules: Modules;
}

declare module 'fastify' {
  interface FastifyInstance {
    hangar: Hangar;
  }
}

export interface AppDeps {
  /** An already opened (and possibly migrated) database; the app then does not close it... */
  database?: DatabaseHandle;
  /** ...unless this is set: the server opened it early, for the app (see server.ts). */
  closeDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** Adapters to use instead of the real ones (tests' fakes); the others are built from config. */
  adapters?: Partial<Adapters>;
  /**
   * Handed the event bus before anything subscribes or emits: tests subscribe a recorder here
   * (decisions 519, 920).
   */
  events?: (bus: EventBus) => void;
}

function containsNul(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** Every logger, the tests' included, logs errors without query parameters (kernel/dependency-errors.ts). */
function withSafeErrors(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, err: safeErrorSerializer as never } };
}

/** Schemas with an `$id`, shared by reference across routes and listed as OpenAPI components. */
const SHARED_SCHEMAS = [ErrorSchema, UserSchema];

/** The composition root: opens the database, wires infrastructure and every module, in order. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  // Route schemas compile on first use; this app's uncompiled ones are dropped when it closes.
  const schemaScope = createSchemaScope();
  const app = Fastify({
    logger: withSafeErrors(
      deps.logger ?? {
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
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  if (config.jwtSecretGenerated) {
    app.log.warn('JWT_SECRET is not set: using a random per-process secret; tokens will not survive a restart');
  }

  const ownsDatabase = !deps.database || deps.closeDatabase === true;
  const database =
    deps.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.runtime.databasePoolSize,
      statementTimeoutMs: config.runtime.databaseStatementTimeoutMs,
      connectTimeoutMs: config.runtime.databaseConnectTimeoutMs,
      requestTimeoutMs: config.runtime.databaseRequestTimeoutMs,
      log: app.log,
    }));
  try {
    await migrate(database);
  } catch (err) {
    if (ownsDatabase) await database.close();
    throw err;
  }

  if (config.redisUrl) await loadRedisDriver();
  const redis: Redis | undefined = config.redisUrl ? createRedis(config.redisUrl, { commandTimeout: config.runtime.redisCommandTimeoutMs }) : undefined;
  const queue = await createQueue({
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    log: app.log,
    timings: {
      lockDurationMs: config.jobs.lockDurationMs,
      stalledIntervalMs: config.jobs.stalledIntervalMs,
      enqueueTimeoutMs: config.runtime.redisCommandTimeoutMs,
    },
  });
  const jobs = new JobsRuntime(queue, app.log);
  const cache = redis ? new RedisCache(redis, config.redisKeyPrefix, app.log) : new MemoryCache();
  const tokens = new AccessTokens(config.jwtSecret, config.jwtExpirationS);
  const actors = new ActorCache({
    redisUrl: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    publisher: redis,
    log: app.log,
    ackTimeoutMs: config.runtime.redisCommandTimeoutMs,
  });
  actors.start();
  // The one in-process bus (decision 920): the gateway, the notifications feed and every module that
  // reacts to another's changes subscribe to it.
  const events = createEventBus(app.log);
  deps.events?.(events);
  // Built before auth, so sign-ins are recorded; every module records through its port (decision 980).
  const audit = createAuditModule({ db: database.db, config, jobs });
  const auth = createAuthService({
    db: database.db,
    tokens,
    refreshTokenTtlS: config.refreshTokenTtlS,
    log: app.log,
    actors,
    events,
    passwordLogin: config.identity.passwordLogin,
    breakGlassUsername: config.admin?.username,
    audit: audit.service,
  });
  const realtime = await createRealtimeGateway(app.server, {
    allowedOrigins: config.allowedOrigins,
    authenticate: async (token) => {
      const actor = await auth.resolveActor(token);
      if (!actor) return null;
      return { userId: actor.userId, isAdmin: actor.isAdmin, organizationIds: await organizationsLookup.organizationIdsOf(database.db, actor.userId) };
    },
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    bus: events,
  });
  // Before the server stops accepting and waits for its connections to end (decision 886).
  app.addHook('preClose', async () => realtime.disconnectClients());

  const adapters = await createAdapters(config, deps.adapters);
  const infra: Infrastructure = { config, db: database.db, database, events, queue, jobs, cache, redis, log: app.log, audit: audit.service };

  // Bodies: JSON (an empty body is "no body", as clients send with DELETE or action POSTs).
  // JSON is the API's only body type (form bodies for CI webhooks): text/plain is a 415 like any other.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    let parsed: unknown;
    try {
      parsed = secureJson.parse(text, undefined, { protoAction: 'remove', constructorAction: 'remove' });
    } catch {
      return done(new Invalid('Malformed JSON body'), undefined);
    }
    // PostgreSQL text cannot hold NUL: refuse it here once, rather than as an insert failure anywhere.
    if (text.includes('\\u0000') && containsNul(parsed)) return done(new Invalid('Strings may not contain NUL characters'), undefined);
    if (jsonTooDeep(parsed)) return done(new Invalid(`JSON body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    done(null, parsed);
  });
  await app.register(formbody, { bodyLimit: config.maxBodyBytes });
  app.setValidatorCompiler(lazyValidatorCompiler(createValidatorCompiler(SHARED_SCHEMAS), schemaScope));
  app.addHook('onClose', async () => schemaScope.dispose());
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);

  const portal = createPortal(config.portal.dir);
  registerErrorHandling(app, portal.fallback);
  // Paging values are checked before any route runs, also on whole-array lists (decisions 405, 815).
  app.addHook('preValidation', async (request) => {
    if (request.method !== 'GET') return;
    // A querystring schema is an object or an intersection (`allOf`) of objects (the audit filters).
    type QuerySchema = { properties?: Record<string, unknown>; allOf?: QuerySchema[] };
    const q = request.routeOptions.schema?.querystring as QuerySchema | undefined;
    const declared = (name: string) => [q, ...(q?.allOf ?? [])].some((part) => part?.properties !== undefined && name in part.properties);
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
      const err = new Error(`Too many requests: retry in ${Math.ceil(context.ttl / 1000)} seconds`) as Error & { statusCode: number };
      err.statusCode = 429;
      return err;
    },
  });
  await registerDocs(app);
  audit.hooks(app);
  registerAuthGuard(app, auth.resolveActor, (actor, header) => resolveOrganizationContext(database.db, actor, header));
  registerMetrics(app, queue);

  await app.register(healthRoutes, infra);
  // Single sign-on, personal access tokens and service accounts: groups claims become team memberships through teams' verb.
  const identity = createIdentityModule({
    db: database.db,
    log: app.log,
    config: config.identity,
    breakGlassUsername: config.admin?.username,
    auth,
    providers: adapters.oidcProviders,
    teams: teamsSignInVerbs,
    rateLimit: config.authRateLimit,
    refreshTokenTtlS: config.refreshTokenTtlS,
    audit: audit.service,
  });
  await app.register(authRoutes, {
    service: auth,
    rateLimit: config.authRateLimit,
    refreshTokenTtlS: config.refreshTokenTtlS,
    organizationsOf: (userId, isAdmin) => organizationsLookup.organizationsOf(database.db, userId, isAdmin),
    identitiesOf: (userId) => identity.signIn.identities(userId),
  });
  await app.register(identity.routes);
  await app.register(audit.routes);
  const modules = await registerModules(app, infra, adapters, auth);
  app.decorate('hangar', { ...infra, adapters, modules });
  await portal.register(app);

  if (config.admin) await auth.bootstrapAdmin(config.admin);
  else if (!(await auth.adminExists())) {
    app.log.warn(
      'No admin account exists. Set ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD (environment or .env) and restart to create one; ' +
        'admins then promote others with PATCH /api/v1/auth/users/:id/roles.',
    );
  }

  app.addHook('onReady', async () => {
    await queue.start();
    await jobs.start();
  });
  app.addHook('onClose', async () => {
    await jobs.close();
    await actors.close();
    await queue.close();
    await realtime.close();
    await cache.close();
    if (redis) await closeRedis(redis);
    if (ownsDatabase) await database.close();
  });
  return app;
}
