import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { scorecards } from '../../db/schema/index.js';

export type ScorecardRow = typeof scorecards.$inferSelect;
export type ScorecardValues = typeof scorecards.$inferInsert;

/**
 * Scorecards of an organization and those of none (decision 603); inside an organization the shared
 * built-in (of none) gives way to the organization's own copy (decision 560).
 */
const visibleIn = (organizationId: string | null) =>
  organizationId
    ? or(
        eq(scorecards.organizationId, organizationId),
        and(isNull(scorecards.organizationId), isNull(scorecards.builtinKey)),
      )
    : isNull(scorecards.organizationId);

/** Scorecard definitions: visible, listed, written, and the built-ins ensured. */
export const scorecardsRepository = {
  async list(db: Executor, organizationId: string | null, skip: number, take: number) {
    const where = visibleIn(organizationId);
    const [data, [total]] = await Promise.all([
      db
        .select()
        .from(scorecards)
        .where(where)
        .orderBy(asc(scorecards.name), asc(scorecards.id))
        .offset(skip)
        .limit(take),
      db.select({ n: count() }).from(scorecards).where(where),
    ]);
    return { data, total: Number(total?.n ?? 0) };
  },
  /** Ids of the scorecards visible in a context (for the per-entity and per-team reads). */
  async visibleIds(db: Executor, organizationId: string | null): Promise<ScorecardRow[]> {
    return db
      .select()
      .from(scorecards)
      .where(visibleIn(organizationId))
      .orderBy(asc(scorecards.name), asc(scorecards.id));
  },
  async all(db: Executor): Promise<ScorecardRow[]> {
    return db.select().from(scorecards).orderBy(asc(scorecards.id));
  },
  async find(db: Executor, id: string): Promise<ScorecardRow | undefined> {
    const [row] = await db.select().from(scorecards).where(eq(scorecards.id, id)).limit(1);
    return row;
  },
  async insert(db: Executor, values: ScorecardValues): Promise<ScorecardRow> {
    const [row] = await db.insert(scorecards).values(values).returning();
    return row!;
  },
  async update(db: Executor, id: string, values: Partial<ScorecardValues>): Promise<ScorecardRow | undefined> {
    const [row] = await db.update(scorecards).set(values).where(eq(scorecards.id, id)).returning();
    return row;
  },
  async remove(db: Executor, id: string): Promise<boolean> {
    const rows = await db.delete(scorecards).where(eq(scorecards.id, id)).returning({ id: scorecards.id });
    return rows.length > 0;
  },
  /** Inserts the built-in scorecard of each organization that lacks it (the partial unique index arbitrates). */
  async ensureBuiltins(db: Executor, rows: ScorecardValues[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await db
      .insert(scorecards)
      .values(rows)
      .onConflictDoNothing({
        target: [scorecards.organizationId, scorecards.builtinKey],
        where: sql`${scorecards.builtinKey} IS NOT NULL`,
      })
      .returning({ id: scorecards.id });
    return inserted.length;
  },
  /** Inserts the shared built-in (of no organization) when missing; its own partial unique index arbitrates (decision 560). */
  async ensureSharedBuiltin(db: Executor, row: ScorecardValues): Promise<number> {
    const inserted = await db
      .insert(scorecards)
      .values({ ...row, organizationId: null })
      .onConflictDoNothing({
        target: [scorecards.builtinKey],
        where: sql`${scorecards.organizationId} IS NULL AND ${scorecards.builtinKey} IS NOT NULL`,
      })
      .returning({ id: scorecards.id });
    return inserted.length;
  },
  async markEvaluated(db: Executor, ids: string[], at: Date) {
    if (ids.length) await db.update(scorecards).set({ lastEvaluatedAt: at }).where(inArray(scorecards.id, ids));
  },
};
