import { join } from 'node:path';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.js';
import { projectRoot } from '../kernel/paths.js';

export const migrationsFolder = join(projectRoot, 'src', 'db', 'migrations');

/** Applies the committed migrations; two processes starting together migrate one after the other. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  await handle.withLock('hangar:migrations', async () => {
    if (handle.kind === 'postgres') await migratePg(handle.db, { migrationsFolder });
    else await migratePglite(handle.db as any, { migrationsFolder });
  });
}
