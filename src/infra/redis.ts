import type { Redis, RedisOptions } from 'ioredis';

let driver: typeof Redis | undefined;

/**
 * Loads ioredis. Only a process with REDIS_URL needs it, so it is not loaded at start otherwise
 * (about 0.1 s of every start). Call once before `createRedis` (buildApp does).
 */
export async function loadRedisDriver(): Promise<void> {
  driver ??= (await import('ioredis')).Redis;
}

/** One place that opens Redis connections, so every client gets the same settings. */
export function createRedis(url: string, extra: RedisOptions = {}): Redis {
  if (!driver) throw new Error('createRedis before loadRedisDriver()');
  const client = new driver(url, {
    maxRetriesPerRequest: 3,
    enableOfflineQueue: true,
    connectTimeout: 5_000,
    ...extra,
  });
  // Errors surface through commands and /health/ready; an unhandled 'error' event would crash the process.
  client.on('error', () => {});
  return client;
}

/** Closes politely when connected; a client that never connected is just dropped (QUIT would wait forever). */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}
