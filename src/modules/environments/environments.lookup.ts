import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { environments } from '../../db/schema/index.js';

/** Reads other modules need from environments. */
export const environmentsLookup = {
  async findEnvironment(db: Executor, id: string) {
    const [row] = await db.select().from(environments).where(eq(environments.id, id)).limit(1);
    return row;
  },
  /**
   * Environments named `name`: the exact spelling, else any case (CI systems write `Production` for
   * `production`). Names are not unique, so several may answer; the caller decides what that means.
   */
  async findEnvironmentsByName(db: Executor, name: string) {
    const rows = await db
      .select({ id: environments.id, name: environments.name })
      .from(environments)
      .where(sql`lower(${environments.name}) = lower(${name})`)
      .limit(20);
    const exact = rows.filter((r) => r.name === name);
    return exact.length ? exact : rows;
  },
  async existingEnvironmentIds(db: Executor, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db.select({ id: environments.id }).from(environments).where(inArray(environments.id, ids));
    return new Set(rows.map((r) => r.id));
  },
};
