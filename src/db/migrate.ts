import { join } from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.js';
import { projectRoot } from '../kernel/paths.js';

export const migrationsFolder = join(projectRoot, 'src', 'db', 'migrations');

/** Applies the committed migrations; two processes starting together migrate one after the other. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  // On the locked session (no statement timeout): an index build on a large table may take long.
  await handle.withLock('hangar:migrations', async (db) => {
    if (handle.kind === 'postgres') await migratePg(db, { migrationsFolder });
    else await migratePglite(handle.db as any, { migrationsFolder });
  });
}
