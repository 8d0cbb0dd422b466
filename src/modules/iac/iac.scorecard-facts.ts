import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { iacRuns, iacStacks } from '../../db/schema/index.js';

/** Reads the scorecards module needs from IaC, in bulk. */
export const iacFactsLookup = {
  /** Per component, its stacks whose latest run is a plan with changes: the live infrastructure drifted from its code. */
  async driftedStacks(db: Executor, componentIds: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (componentIds.length === 0) return out;
    const rows = await db
      .select({
        componentId: iacStacks.componentId,
        n: sql<number>`count(*) FILTER (WHERE ${iacRuns.type} = 'plan' AND ${iacRuns.changesAdd} + ${iacRuns.changesChange} + ${iacRuns.changesDestroy} > 0)::int`,
      })
      .from(iacStacks)
      .leftJoin(iacRuns, eq(iacRuns.id, iacStacks.latestRunId))
      .where(and(inArray(iacStacks.componentId, componentIds)))
      .groupBy(iacStacks.componentId);
    for (const r of rows) if (r.componentId) out.set(r.componentId, Number(r.n));
    return out;
  },
};
