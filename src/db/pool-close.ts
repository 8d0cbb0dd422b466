import type pg from 'pg';

// Closing a pool in bounded time (decision 1161), out of client.ts.

/** The pool's connections from connect to removal (the pool keeps no public list). */
export function openClients(pool: pg.Pool): Set<pg.PoolClient> {
  const clients = new Set<pg.PoolClient>();
  pool.on('connect', (c) => clients.add(c));
  pool.on('remove', (c) => clients.delete(c));
  return clients;
}

/**
 * `pool.end()` waits for every checked-out connection to come back and, for the last one, for its
 * goodbye to be acknowledged: a stalled network makes either wait for ever. Past `timeoutMs` the
 * remaining sockets are destroyed, which fails their queries at once and ends the pool (decision 1161).
 */
export async function endPool(pool: pg.Pool, clients: Set<pg.PoolClient>, timeoutMs: number): Promise<void> {
  const ended = pool.end().catch(() => {});
  let timer: NodeJS.Timeout | undefined;
  const late = await Promise.race([
    ended.then(() => false),
    new Promise<boolean>((r) => {
      timer = setTimeout(() => r(true), timeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (!late) return;
  for (const c of clients)
    (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
  await ended;
}
