import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config/config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import type { Cache } from './infra/cache/cache.js';
import type { EventPublisher } from './infra/events.js';
import type { Git } from './integrations/git/git.port.js';
import type { Jobs } from './infra/jobs/catalog.js';
import type { JobQueue } from './infra/queue/index.js';
import type { AuthService } from './modules/auth/index.js';

/**
 * Service objects that modules offer each other, by declaration merging from each module's index.ts
 * (`declare module '../../context.js' { interface ModuleServices { catalog: CatalogService } }`).
 * A module sets its own entry when it registers; others read it lazily, inside their verbs, so
 * registration order never matters. Cross-module writes go through these verbs only.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ModuleServices {}

/** What the composition root hands every module: built once in app.ts, never read from globals. */
export interface AppContext {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  events: EventPublisher;
  queue: JobQueue;
  /** The typed job catalog's runtime: define jobs and schedules, enqueue, cancel. */
  jobs: Jobs;
  cache: Cache;
  redis: Redis | undefined;
  auth: AuthService;
  git: Git;
  log: FastifyBaseLogger;
  services: ModuleServices;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The composition root's context: for operations tooling and tests, never for route handlers. */
    hangar: AppContext;
  }
}
