import { and, asc, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { scorecardExemptions } from '../../db/schema/index.js';

export type ExemptionRow = typeof scorecardExemptions.$inferSelect;

/** Exemptions: rules waived for an entity until a date. */
export const scorecardExemptionsRepository = {
  /** Exemptions in force at `at`, by component then scorecard: the rule keys waived. */
  async activeExemptions(db: Executor, componentIds: string[], at: Date): Promise<Map<string, Set<string>>> {
    const out = new Map<string, Set<string>>();
    if (componentIds.length === 0) return out;
    const rows = await db
      .select({
        s: scorecardExemptions.scorecardId,
        c: scorecardExemptions.componentId,
        k: scorecardExemptions.ruleKey,
      })
      .from(scorecardExemptions)
      .where(and(inArray(scorecardExemptions.componentId, componentIds), gt(scorecardExemptions.expiresAt, at)));
    for (const r of rows) {
      const key = `${r.s}:${r.c}`;
      const set = out.get(key) ?? new Set<string>();
      set.add(r.k);
      out.set(key, set);
    }
    return out;
  },
  async insertExemption(db: Executor, values: typeof scorecardExemptions.$inferInsert): Promise<ExemptionRow> {
    const [row] = await db
      .insert(scorecardExemptions)
      .values(values)
      .onConflictDoUpdate({
        target: [scorecardExemptions.scorecardId, scorecardExemptions.componentId, scorecardExemptions.ruleKey],
        set: {
          reason: values.reason,
          expiresAt: values.expiresAt,
          createdBy: values.createdBy ?? null,
          createdAt: new Date(),
        },
      })
      .returning();
    return row!;
  },
  async listExemptions(db: Executor, scorecardId: string, skip: number, take: number, componentId?: string) {
    const where = and(
      eq(scorecardExemptions.scorecardId, scorecardId),
      componentId ? eq(scorecardExemptions.componentId, componentId) : undefined,
    );
    const [data, [total]] = await Promise.all([
      db
        .select()
        .from(scorecardExemptions)
        .where(where)
        .orderBy(desc(scorecardExemptions.createdAt), asc(scorecardExemptions.id))
        .offset(skip)
        .limit(take),
      db.select({ n: count() }).from(scorecardExemptions).where(where),
    ]);
    return { data, total: Number(total?.n ?? 0) };
  },
  async findExemption(db: Executor, scorecardId: string, id: string): Promise<ExemptionRow | undefined> {
    const [row] = await db
      .select()
      .from(scorecardExemptions)
      .where(and(eq(scorecardExemptions.id, id), eq(scorecardExemptions.scorecardId, scorecardId)))
      .limit(1);
    return row;
  },
  async removeExemption(db: Executor, scorecardId: string, id: string): Promise<ExemptionRow | undefined> {
    const [row] = await db
      .delete(scorecardExemptions)
      .where(and(eq(scorecardExemptions.id, id), eq(scorecardExemptions.scorecardId, scorecardId)))
      .returning();
    return row;
  },
};
