import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config/config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { migrate } from './db/migrate.js';
import { MemoryCache, RedisCache } from './infra/cache/cache.js';
import { JobsRuntime } from './infra/jobs/runtime.js';
import { createQueue } from './infra/queue/index.js';
import { createRedis, loadRedisDriver } from './infra/redis.js';

/**
 * The runtime the modules share: the database (opened and migrated unless one was handed in),
 * Redis when configured, the queue, the job runtime and the cache. The app closes them.
 */
export async function openRuntime(
  config: Config,
  deps: { database?: DatabaseHandle; closeDatabase?: boolean },
  log: FastifyBaseLogger,
) {
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
      log: log,
    }));
  try {
    await migrate(database);
  } catch (err) {
    if (ownsDatabase) await database.close();
    throw err;
  }

  if (config.redisUrl) await loadRedisDriver();
  const redis: Redis | undefined = config.redisUrl
    ? createRedis(config.redisUrl, { commandTimeout: config.runtime.redisCommandTimeoutMs })
    : undefined;
  const queue = await createQueue({
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    log: log,
    timings: {
      lockDurationMs: config.jobs.lockDurationMs,
      stalledIntervalMs: config.jobs.stalledIntervalMs,
      enqueueTimeoutMs: config.runtime.redisCommandTimeoutMs,
    },
  });
  const jobs = new JobsRuntime(queue, log);
  const cache = redis ? new RedisCache(redis, config.redisKeyPrefix, log) : new MemoryCache();
  return { database, ownsDatabase, redis, queue, jobs, cache };
}
