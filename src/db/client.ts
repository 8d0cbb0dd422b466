import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Database = NodePgDatabase<typeof schema>;
/** A database or an open transaction: what repositories run their queries on. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` while holding a cluster-wide lock (advisory lock on PostgreSQL). */
  withLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Tests: start the embedded database from a dump of an already migrated one. */
  pgliteDump?: Blob;
  poolSize?: number;
}

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl?.startsWith('postgres')) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  return openPglite(opts);
}

async function openPostgres(url: string, max: number): Promise<DatabaseHandle> {
  // At least two connections: withLock holds one while the locked work runs on another.
  const pool = new pg.Pool({ connectionString: url, max: Math.max(2, max), connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    async withLock(key, fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
        try {
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(opts: DatabaseOptions): Promise<DatabaseHandle> {
  let dataDir: string | undefined;
  if (opts.databaseUrl !== 'memory://' && !opts.pgliteDump) {
    dataDir = resolve(join(opts.dataDir, 'pgdata'));
    mkdirSync(dataDir, { recursive: true });
  }
  const client = opts.pgliteDump ? new PGlite({ loadDataDir: opts.pgliteDump }) : new PGlite(dataDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // One embedded database belongs to one process: nothing to lock against.
    withLock: (_key, fn) => fn(),
    async ping() {
      await db.execute(sql`SELECT 1`);
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}
