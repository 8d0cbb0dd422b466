import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { costRecords } from '../../db/schema/index.js';

export type CostRecordRow = typeof costRecords.$inferSelect;

export const costRepository = {
  async insertMany(db: Executor, rows: (typeof costRecords.$inferInsert)[]): Promise<number> {
    for (let i = 0; i < rows.length; i += 500) await db.insert(costRecords).values(rows.slice(i, i + 500));
    return rows.length;
  },
  async history(db: Executor, componentId: string, limit = 30): Promise<CostRecordRow[]> {
    return db
      .select()
      .from(costRecords)
      .where(eq(costRecords.componentId, componentId))
      .orderBy(desc(costRecords.syncedAt), desc(costRecords.id))
      .limit(limit);
  },
  /** The latest record of each component (of `ids` when given). */
  async latest(db: Executor, ids?: string[]): Promise<CostRecordRow[]> {
    if (ids && ids.length === 0) return [];
    const q = db
      .selectDistinctOn([costRecords.componentId])
      .from(costRecords)
      .where(ids ? inArray(costRecords.componentId, ids) : sql`true`)
      .orderBy(costRecords.componentId, desc(costRecords.syncedAt), desc(costRecords.id));
    return q;
  },
  /** The most expensive components by their latest record. */
  async top(db: Executor, limit: number): Promise<CostRecordRow[]> {
    const latest = db
      .selectDistinctOn([costRecords.componentId])
      .from(costRecords)
      .orderBy(costRecords.componentId, desc(costRecords.syncedAt), desc(costRecords.id))
      .as('latest');
    return db
      .select()
      .from(latest)
      .orderBy(desc(latest.totalCost), latest.componentId)
      .limit(limit) as unknown as Promise<CostRecordRow[]>;
  },
};
