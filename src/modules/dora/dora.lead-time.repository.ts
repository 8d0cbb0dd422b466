import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { components, doraChanges } from '../../db/schema/index.js';
import { dayText, num, rows, where, type Slice } from './dora.slice.js';

export interface LeadTotals {
  changes: number;
  skewed: number;
  median: number | null;
}

/** Change lead time: the window's median and each day's, and the changes behind them. */
export const doraLeadTime = {
  /** Change lead time: the median over changes with a non-negative lead (negative ones counted apart), for the window and each day. */
  async changeSide(
    db: Executor,
    s: Slice,
  ): Promise<{ totals: LeadTotals; days: { day: string; changes: number; leadMedian: number | null }[] }> {
    const c = doraChanges;
    const result = rows<Record<string, unknown>>(
      await db.execute(sql`
        SELECT GROUPING(day) AS whole, day, count(*) FILTER (WHERE lead_seconds >= 0) AS changes, count(*) FILTER (WHERE lead_seconds < 0) AS skewed,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY lead_seconds) FILTER (WHERE lead_seconds >= 0) AS median
        FROM (SELECT ${c.leadSeconds} AS lead_seconds, (${c.deployedAt} AT TIME ZONE 'UTC')::date - DATE '1970-01-01' AS day FROM ${c} WHERE ${where(c, s)}) x
        GROUP BY GROUPING SETS ((), (day))`),
    );
    const whole = result.find((r) => Number(r.whole) === 1)!;
    return {
      totals: { changes: Number(whole.changes), skewed: Number(whole.skewed), median: num(whole.median) },
      days: result
        .filter((r) => Number(r.whole) === 0)
        .map((r) => ({ day: dayText(r.day), changes: Number(r.changes), leadMedian: num(r.median) })),
    };
  },
  /** Drill-down: the changes of a slice (all, or only the skewed ones excluded from the lead time). */
  async changesPage(db: Executor, s: Slice, opts: { skewed?: boolean; skip: number; take: number }) {
    const c = doraChanges;
    const conds = [where(c, s)];
    if (opts.skewed !== undefined) conds.push(opts.skewed ? lt(c.leadSeconds, 0) : sql`${c.leadSeconds} >= 0`);
    const cond = and(...conds);
    const [data, [total]] = await Promise.all([
      db
        .select({
          deploymentId: c.deploymentId,
          sha: c.sha,
          committedAt: c.committedAt,
          deployedAt: c.deployedAt,
          leadSeconds: c.leadSeconds,
          componentId: c.componentId,
          componentName: components.name,
          environmentId: c.environmentId,
        })
        .from(c)
        .innerJoin(components, eq(components.id, c.componentId))
        .where(cond)
        .orderBy(desc(c.deployedAt), desc(c.committedAt), c.sha)
        .offset(opts.skip)
        .limit(opts.take),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(c)
        .where(cond),
    ]);
    return { data, total: Number(total!.n) };
  },
};
