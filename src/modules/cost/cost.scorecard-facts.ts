import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { costRecords } from '../../db/schema/index.js';

/** Reads the scorecards module needs from cost, in bulk. */
export const costFactsLookup = {
  /** Each component's last synced 7-day total, scaled to 30 days. */
  async monthly(db: Executor, componentIds: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (componentIds.length === 0) return out;
    const rows = await db
      .selectDistinctOn([costRecords.componentId], {
        componentId: costRecords.componentId,
        total: costRecords.totalCost,
      })
      .from(costRecords)
      .where(inArray(costRecords.componentId, componentIds))
      .orderBy(costRecords.componentId, sql`${costRecords.syncedAt} DESC`);
    for (const r of rows) out.set(r.componentId, Math.round(((r.total * 30) / 7) * 100) / 100);
    return out;
  },
};
