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

/** Closes politely when connected; a client that never connected is just dropped (QUIT would wait forever). */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
  else client.disconnect();
}
