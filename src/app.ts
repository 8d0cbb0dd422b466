import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { registerBodyParsers } from './app.bodies.js';
import { fastifyOptions } from './app.fastify.js';
import { registerHttpPolicies } from './app.policies.js';
import { createAuth, registerSignIn } from './app.identity.js';
import { openRuntime } from './app.runtime.js';
import type { Config } from './config/config.js';
import { createAdapters, type Adapters } from './adapters/index.js';
import type { Infrastructure } from './context.js';
import type { Database, DatabaseHandle } from './db/client.js';
import { registerMetrics } from './infra/metrics.js';
import { createEventBus, type EventBus } from './infra/events.js';
import { createRealtimeGateway, type RealtimeGateway } from './infra/realtime/gateway.js';
import { closeRedis } from './infra/redis.js';
import { registerAuthGuard } from './kernel/auth.js';
import { registerErrorHandling } from './kernel/error-handler.js';
import { ErrorSchema } from './kernel/schemas.js';
import type { AuditPort } from './kernel/audit.js';
import type { App } from './kernel/types.js';
import { createValidatorCompiler } from './kernel/validation.js';
import { createSchemaScope, lazyValidatorCompiler } from './kernel/lazy-schemas.js';
import { registerDocs } from './docs/docs.js';
import { createPortal, type Portal } from './infra/portal.js';
import { UserSchema, type AuthService } from './modules/auth/index.js';
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
  /**
   * Benchmarks only: the port every module records through instead of the audit module's, and no
   * response-level recorder. The audit bench builds a second app with one that records nothing, to
   * measure the same write over HTTP without its record (decision 1189).
   */
  auditPort?: AuditPort;
}

type Runtime = Awaited<ReturnType<typeof openRuntime>>;
type SchemaScope = ReturnType<typeof createSchemaScope>;
/** What the app starts when ready and closes, in order, when it closes. */
interface Lifecycle extends Pick<Runtime, 'queue' | 'jobs' | 'cache' | 'redis'> {
  audit: ReturnType<typeof createAuditModule>;
  actors: ReturnType<typeof createAuth>['actors'];
  realtime: RealtimeGateway;
}

/** Schemas with an `$id`, shared by reference across routes and listed as OpenAPI components. */
const SHARED_SCHEMAS = [ErrorSchema, UserSchema];

/**
 * The composition root: opens the database, wires infrastructure and every module, in order; the
 * realtime gateway, the HTTP layer, the admin check and the lifecycle hooks are named steps (decision 1200).
 */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  // Route schemas compile on first use; this app's uncompiled ones are dropped when it closes.
  const schemaScope = createSchemaScope();
  const app = Fastify(
    fastifyOptions(config, deps.logger, schemaScope),
  ).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  if (config.jwtSecretGenerated) {
    app.log.warn('JWT_SECRET is not set: using a random per-process secret; tokens will not survive a restart');
  }

  const { database, ownsDatabase, redis, queue, jobs, cache } = await openRuntime(config, deps, app.log);
  // The one in-process bus (decision 920): the gateway, the notifications feed and every module that
  // reacts to another's changes subscribe to it.
  const events = createEventBus(app.log);
  deps.events?.(events);
  // Built before auth, so sign-ins are recorded; every module records through its port (decision 980).
  const audit = createAuditModule({ db: database.db, config, jobs });
  const auditPort = deps.auditPort ?? audit.service;
  const { auth, actors } = createAuth(config, { db: database.db, redis, log: app.log, events, audit: auditPort });
  const realtime = await startRealtime(app, config, auth, database.db, events);
  // Before the server stops accepting and waits for its connections to end (decision 886).
  app.addHook('preClose', async () => realtime.disconnectClients());

  const adapters = await createAdapters(config, deps.adapters);
  const infra: Infrastructure = {
    config,
    db: database.db,
    database,
    events,
    queue,
    jobs,
    cache,
    redis,
    log: app.log,
    audit: auditPort,
  };

  const portal = createPortal(config.portal.dir);
  await registerHttpLayer(app, config, { schemaScope, portal, redis });
  if (!deps.auditPort) audit.hooks(app);
  registerAuthGuard(app, auth.resolveActor, (actor, header) => resolveOrganizationContext(database.db, actor, header));
  registerMetrics(app, queue);

  await app.register(healthRoutes, infra);
  await registerSignIn(app, config, {
    db: database.db,
    log: app.log,
    auth,
    providers: adapters.oidcProviders,
    audit: auditPort,
  });
  await app.register(audit.routes);
  const modules = await registerModules(app, infra, adapters, auth);
  app.decorate('hangar', { ...infra, adapters, modules });
  await portal.register(app);

  await ensureAdmin(app, config, auth);
  registerLifecycle(app, { queue, jobs, audit, actors, realtime, cache, redis }, ownsDatabase ? database : undefined);
  return app;
}

/** The socket gateway: a connection's token resolves to the actor and the organizations it may hear of. */
function startRealtime(app: App, config: Config, auth: AuthService, db: Database, bus: EventBus) {
  return createRealtimeGateway(app.server, {
    allowedOrigins: config.allowedOrigins,
    authenticate: async (token) => {
      const actor = await auth.resolveActor(token);
      if (!actor) return null;
      return {
        userId: actor.userId,
        isAdmin: actor.isAdmin,
        organizationIds: await organizationsLookup.organizationIdsOf(db, actor.userId),
      };
    },
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    bus,
  });
}

/** Bodies, validation, errors (the portal's fallback for unknown pages), HTTP policies and the API docs. */
async function registerHttpLayer(
  app: App,
  config: Config,
  { schemaScope, portal, redis }: { schemaScope: SchemaScope; portal: Portal; redis: Runtime['redis'] },
) {
  await registerBodyParsers(app, config.maxBodyBytes);
  app.setValidatorCompiler(lazyValidatorCompiler(createValidatorCompiler(SHARED_SCHEMAS), schemaScope));
  app.addHook('onClose', async () => schemaScope.dispose());
  for (const schema of SHARED_SCHEMAS) app.addSchema(schema);
  registerErrorHandling(app, portal.fallback);
  await registerHttpPolicies(app, config, redis);
  await registerDocs(app);
}

/** The configured admin is created or updated; without one, a warning when no admin exists at all. */
async function ensureAdmin(app: App, config: Config, auth: AuthService) {
  if (config.admin) await auth.bootstrapAdmin(config.admin);
  else if (!(await auth.adminExists())) {
    app.log.warn(
      'No admin account exists. Set ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD (environment or .env) and restart to create one; ' +
        'admins then promote others with PATCH /api/v1/auth/users/:id/roles.',
    );
  }
}

/** Queues and jobs start when the server is ready; on close everything stops in dependency order. */
function registerLifecycle(app: App, parts: Lifecycle, ownedDatabase: DatabaseHandle | undefined) {
  const { queue, jobs, audit, actors, realtime, cache, redis } = parts;
  app.addHook('onReady', async () => {
    await queue.start();
    await jobs.start();
  });
  app.addHook('onClose', async () => {
    await jobs.close();
    // The sealer's passes end before the database closes (decision 1160).
    await audit.close();
    await actors.close();
    await queue.close();
    await realtime.close();
    await cache.close();
    if (redis) await closeRedis(redis);
    if (ownedDatabase) await ownedDatabase.close();
  });
}
