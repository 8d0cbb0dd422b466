import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config/config.js';
import type { Database, DatabaseHandle } from './db/client.js';
import type { Cache } from './infra/cache/cache.js';
import type { EventBus } from './infra/events.js';
import type { Jobs } from './infra/jobs/catalog.js';
import type { JobQueue } from './infra/queue/index.js';
import type { AuditPort } from './kernel/audit.js';

/**
 * The infrastructure the composition root builds before any module (decision 500). A module's
 * factory names the pieces it uses in its deps (`Pick<Infrastructure, 'db' | 'events'>`), never
 * the whole record.
 */
export interface Infrastructure {
  config: Config;
  db: Database;
  database: DatabaseHandle;
  /** The in-process event bus (decision 920): modules emit on it and subscribe in their factories. */
  events: EventBus;
  queue: JobQueue;
  /** The typed job catalog's runtime: define jobs and schedules, enqueue, cancel. */
  jobs: Jobs;
  cache: Cache;
  redis: Redis | undefined;
  log: FastifyBaseLogger;
  /** The audit log's port: modules record their writes inside their transactions (decision 980). */
  audit: AuditPort;
}
