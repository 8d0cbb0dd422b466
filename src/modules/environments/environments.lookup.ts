import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { environments } from '../../db/schema/index.js';

/** Reads other modules need from environments. */
export const environmentsLookup = {
  async findEnvironment(db: Executor, id: string) {
    const [row] = await db.select().from(environments).where(eq(environments.id, id)).limit(1);
    return row;
  },
  async existingEnvironmentIds(db: Executor, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db.select({ id: environments.id }).from(environments).where(inArray(environments.id, ids));
    return new Set(rows.map((r) => r.id));
  },
};
