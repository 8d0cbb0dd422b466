import { Redis, type RedisOptions } from 'ioredis';

/** One place that opens Redis connections, so every client gets the same settings. */
export function createRedis(url: string, extra: RedisOptions = {}): Redis {
  const client = new Redis(url, {
    maxRetriesPerRequest: 3,
    enableOfflineQueue: true,
    connectTimeout: 5_000,
    ...extra,
  });
  // Errors surface through commands and /health/ready; an unhandled 'error' event would crash the process.
  client.on('error', () => {});
  return client;
}
