import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { scorecardExemptions, scorecardHistory, scorecardResults, scorecards, type RuleOutcomes } from '../../db/schema/index.js';

export type ScorecardRow = typeof scorecards.$inferSelect;
export type ScorecardValues = typeof scorecards.$inferInsert;
export type ExemptionRow = typeof scorecardExemptions.$inferSelect;

/** A result to write (one row of `scorecard_results`, and its history entry). */
export interface ResultWrite {
  scorecardId: string;
  componentId: string;
  componentName: string;
  componentRef: string;
  teamId: string | null;
  level: string | null;
  levelIndex: number;
  score: number;
  rules: RuleOutcomes;
}

/**
 * Scorecards of an organization and those of none (decision 603); inside an organization the shared
 * built-in (of none) gives way to the organization's own copy (decision 560).
 */
const visibleIn = (organizationId: string | null) =>
  organizationId
    ? or(eq(scorecards.organizationId, organizationId), and(isNull(scorecards.organizationId), isNull(scorecards.builtinKey)))
    : isNull(scorecards.organizationId);

/** Rows per statement of the bulk writes: the values travel as one JSON parameter. */
const CHUNK = 5000;

export const scorecardsRepository = {
  async list(db: Executor, organizationId: string | null, skip: number, take: number) {
    const where = visibleIn(organizationId);
    const [data, [total]] = await Promise.all([
      db.select().from(scorecards).where(where).orderBy(asc(scorecards.name), asc(scorecards.id)).offset(skip).limit(take),
      db.select({ n: count() }).from(scorecards).where(where),
    ]);
    return { data, total: Number(total?.n ?? 0) };
  },
  /** Ids of the scorecards visible in a context (for the per-entity and per-team reads). */
  async visibleIds(db: Executor, organizationId: string | null): Promise<ScorecardRow[]> {
    return db.select().from(scorecards).where(visibleIn(organizationId)).orderBy(asc(scorecards.name), asc(scorecards.id));
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
      .onConflictDoNothing({ target: [scorecards.organizationId, scorecards.builtinKey], where: sql`${scorecards.builtinKey} IS NOT NULL` })
      .returning({ id: scorecards.id });
    return inserted.length;
  },
  /** Inserts the shared built-in (of no organization) when missing; its own partial unique index arbitrates (decision 560). */
  async ensureSharedBuiltin(db: Executor, row: ScorecardValues): Promise<number> {
    const inserted = await db
      .insert(scorecards)
      .values({ ...row, organizationId: null })
      .onConflictDoNothing({ target: [scorecards.builtinKey], where: sql`${scorecards.organizationId} IS NULL AND ${scorecards.builtinKey} IS NOT NULL` })
      .returning({ id: scorecards.id });
    return inserted.length;
  },
  async markEvaluated(db: Executor, ids: string[], at: Date) {
    if (ids.length) await db.update(scorecards).set({ lastEvaluatedAt: at }).where(inArray(scorecards.id, ids));
  },

  // Results

  /** The current results of these entities for these scorecards. */
  async currentResults(db: Executor, scorecardIds: string[], componentIds: string[]) {
    if (scorecardIds.length === 0 || componentIds.length === 0) return [];
    return db
      .select({
        scorecardId: scorecardResults.scorecardId,
        componentId: scorecardResults.componentId,
        componentName: scorecardResults.componentName,
        teamId: scorecardResults.teamId,
        level: scorecardResults.level,
        levelIndex: scorecardResults.levelIndex,
        score: scorecardResults.score,
        rules: scorecardResults.rules,
      })
      .from(scorecardResults)
      .where(and(inArray(scorecardResults.scorecardId, scorecardIds), inArray(scorecardResults.componentId, componentIds)));
  },
  /**
   * Writes results in bulk and records a history entry for each whose outcome (level, score, rule
   * outcomes) changed, in one statement per chunk. The change is decided by the row itself, so two
   * evaluations of one entity racing each other record it once (the second sees the first's row).
   * Answers the `scorecardId:componentId` keys whose outcome changed.
   */
  async writeResults(db: Executor, rows: ResultWrite[], at: Date): Promise<Set<string>> {
    const changed = new Set<string>();
    for (let i = 0; i < rows.length; i += CHUNK) {
      const part = JSON.stringify(rows.slice(i, i + CHUNK).map(toRecord));
      const stamp = at.toISOString();
      const result = await db.execute(sql`
        WITH up AS (
          INSERT INTO ${scorecardResults} AS r (scorecard_id, component_id, component_name, component_ref, team_id, level, level_index, score, rules, changed_at)
          SELECT v.scorecard_id, v.component_id, v.component_name, v.component_ref, v.team_id, v.level, v.level_index, v.score, v.rules, ${stamp}::timestamptz
          FROM jsonb_to_recordset(${part}::jsonb) AS v(scorecard_id uuid, component_id uuid, component_name text, component_ref text, team_id uuid, level text, level_index int, score double precision, rules jsonb)
          ON CONFLICT (scorecard_id, component_id) DO UPDATE SET component_name = excluded.component_name, component_ref = excluded.component_ref,
            team_id = excluded.team_id, level = excluded.level, level_index = excluded.level_index, score = excluded.score, rules = excluded.rules,
            changed_at = CASE WHEN (r.level_index, r.score, r.rules) IS DISTINCT FROM (excluded.level_index, excluded.score, excluded.rules)
              THEN excluded.changed_at ELSE r.changed_at END
          WHERE (r.level_index, r.score, r.rules, r.component_name, r.component_ref, r.team_id)
            IS DISTINCT FROM (excluded.level_index, excluded.score, excluded.rules, excluded.component_name, excluded.component_ref, excluded.team_id)
          RETURNING r.scorecard_id, r.component_id, r.level, r.level_index, r.score, r.rules, r.changed_at
        ), history AS (
          INSERT INTO ${scorecardHistory} (scorecard_id, component_id, level, level_index, score, rules, recorded_at)
          SELECT scorecard_id, component_id, level, level_index, score, rules, changed_at FROM up WHERE changed_at = ${stamp}::timestamptz
        )
        SELECT scorecard_id, component_id FROM up WHERE changed_at = ${stamp}::timestamptz`);
      for (const r of (result as unknown as { rows: { scorecard_id: string; component_id: string }[] }).rows)
        changed.add(`${r.scorecard_id}:${r.component_id}`);
    }
    return changed;
  },
  /** Drops results of entities a scorecard no longer applies to. */
  async deleteResults(db: Executor, pairs: { scorecardId: string; componentId: string }[]) {
    for (let i = 0; i < pairs.length; i += CHUNK) {
      const part = JSON.stringify(pairs.slice(i, i + CHUNK).map((p) => ({ s: p.scorecardId, c: p.componentId })));
      await db.execute(sql`
        DELETE FROM ${scorecardResults} r USING jsonb_to_recordset(${part}::jsonb) AS v(s uuid, c uuid)
        WHERE r.scorecard_id = v.s AND r.component_id = v.c`);
    }
  },
  /** Results of entities beyond the last one read (a full pass removes those of deleted ids: cascades do too). */
  async resultsPage(db: Executor, scorecardId: string, f: { teamId?: string; levelIndex?: number }, skip: number, take: number) {
    const conds: SQL[] = [eq(scorecardResults.scorecardId, scorecardId)];
    if (f.teamId) conds.push(eq(scorecardResults.teamId, f.teamId));
    if (f.levelIndex !== undefined) conds.push(eq(scorecardResults.levelIndex, f.levelIndex));
    const where = and(...conds);
    const [data, [total]] = await Promise.all([
      db.select().from(scorecardResults).where(where).orderBy(asc(scorecardResults.componentName), asc(scorecardResults.componentId)).offset(skip).limit(take),
      db.select({ n: count() }).from(scorecardResults).where(where),
    ]);
    return { data, total: Number(total?.n ?? 0) };
  },
  async resultsOfComponent(db: Executor, componentId: string, scorecardIds: string[]) {
    if (scorecardIds.length === 0) return [];
    return db
      .select()
      .from(scorecardResults)
      .where(and(eq(scorecardResults.componentId, componentId), inArray(scorecardResults.scorecardId, scorecardIds)));
  },
  /** Per scorecard and level, how many of a team's entities hold it and their mean score. */
  async teamSummary(db: Executor, teamId: string, scorecardIds: string[]) {
    if (scorecardIds.length === 0) return [];
    const rows = await db
      .select({
        scorecardId: scorecardResults.scorecardId,
        levelIndex: scorecardResults.levelIndex,
        n: sql<number>`count(*)::int`,
        scoreSum: sql<number>`sum(${scorecardResults.score})`,
      })
      .from(scorecardResults)
      .where(and(eq(scorecardResults.teamId, teamId), inArray(scorecardResults.scorecardId, scorecardIds)))
      .groupBy(scorecardResults.scorecardId, scorecardResults.levelIndex);
    return rows.map((r) => ({ ...r, n: Number(r.n), scoreSum: Number(r.scoreSum) }));
  },
  async history(db: Executor, componentId: string, scorecardIds: string[], skip: number, take: number) {
    if (scorecardIds.length === 0) return { data: [], total: 0 };
    const where = and(eq(scorecardHistory.componentId, componentId), inArray(scorecardHistory.scorecardId, scorecardIds));
    const [data, [total]] = await Promise.all([
      db.select().from(scorecardHistory).where(where).orderBy(desc(scorecardHistory.recordedAt), desc(scorecardHistory.seq)).offset(skip).limit(take),
      db.select({ n: count() }).from(scorecardHistory).where(where),
    ]);
    return { data, total: Number(total?.n ?? 0) };
  },

  // Exemptions

  /** Exemptions in force at `at`, by component then scorecard: the rule keys waived. */
  async activeExemptions(db: Executor, componentIds: string[], at: Date): Promise<Map<string, Set<string>>> {
    const out = new Map<string, Set<string>>();
    if (componentIds.length === 0) return out;
    const rows = await db
      .select({ s: scorecardExemptions.scorecardId, c: scorecardExemptions.componentId, k: scorecardExemptions.ruleKey })
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
        set: { reason: values.reason, expiresAt: values.expiresAt, createdBy: values.createdBy ?? null, createdAt: new Date() },
      })
      .returning();
    return row!;
  },
  async listExemptions(db: Executor, scorecardId: string, skip: number, take: number, componentId?: string) {
    const where = and(eq(scorecardExemptions.scorecardId, scorecardId), componentId ? eq(scorecardExemptions.componentId, componentId) : undefined);
    const [data, [total]] = await Promise.all([
      db.select().from(scorecardExemptions).where(where).orderBy(desc(scorecardExemptions.createdAt), asc(scorecardExemptions.id)).offset(skip).limit(take),
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

const toRecord = (r: ResultWrite) => ({
  scorecard_id: r.scorecardId,
  component_id: r.componentId,
  component_name: r.componentName,
  component_ref: r.componentRef,
  team_id: r.teamId,
  level: r.level,
  level_index: r.levelIndex,
  score: r.score,
  rules: r.rules,
});
