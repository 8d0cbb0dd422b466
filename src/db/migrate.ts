import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database, DatabaseHandle } from './client.js';
import { projectRoot } from '../kernel/paths.js';

export const migrationsFolder = join(projectRoot, 'src', 'db', 'migrations');

/** The newest committed migration's time: drizzle records it as `created_at` when it applies it. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

const firstRow = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows[0] ?? {};

/**
 * Drizzle applies every migration newer than the newest `created_at` it recorded: when that is
 * already the newest committed one, there is nothing to apply, and the start skips reading and
 * hashing every migration file under the lock (decision 898).
 */
async function upToDate(db: Database): Promise<boolean> {
  const table = firstRow(
    await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`),
  );
  if (!table.present) return false;
  const { last } = firstRow(await db.execute(sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`));
  return last !== null && last !== undefined && Number(last) >= newestMigrationMillis();
}

/** Applies the committed migrations; two processes starting together migrate one after the other. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (await upToDate(handle.db)) return;
  // On the locked session (no statement timeout): an index build on a large table may take long.
  await handle.withLock('hangar:migrations', async (db) => {
    if (handle.kind === 'postgres') await migratePg(db, { migrationsFolder });
    else await migratePglite(handle.db as any, { migrationsFolder });
  });
}
