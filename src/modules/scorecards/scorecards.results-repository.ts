import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { scorecardHistory, scorecardResults, type RuleOutcomes } from '../../db/schema/index.js';

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

/** Rows per statement of the bulk writes: the values travel as one JSON parameter. */
const CHUNK = 5000;

/** Scorecard results: the current ones, their history, and the per-team summaries. */
export const scorecardResultsRepository = {
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
      .where(
        and(inArray(scorecardResults.scorecardId, scorecardIds), inArray(scorecardResults.componentId, componentIds)),
      );
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
  async resultsPage(
    db: Executor,
    scorecardId: string,
    f: { teamId?: string; levelIndex?: number },
    skip: number,
    take: number,
  ) {
    const conds: SQL[] = [eq(scorecardResults.scorecardId, scorecardId)];
    if (f.teamId) conds.push(eq(scorecardResults.teamId, f.teamId));
    if (f.levelIndex !== undefined) conds.push(eq(scorecardResults.levelIndex, f.levelIndex));
    const where = and(...conds);
    const [data, [total]] = await Promise.all([
      db
        .select()
        .from(scorecardResults)
        .where(where)
        .orderBy(asc(scorecardResults.componentName), asc(scorecardResults.componentId))
        .offset(skip)
        .limit(take),
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
    const where = and(
      eq(scorecardHistory.componentId, componentId),
      inArray(scorecardHistory.scorecardId, scorecardIds),
    );
    const [data, [total]] = await Promise.all([
      db
        .select()
        .from(scorecardHistory)
        .where(where)
        .orderBy(desc(scorecardHistory.recordedAt), desc(scorecardHistory.seq))
        .offset(skip)
        .limit(take),
      db.select({ n: count() }).from(scorecardHistory).where(where),
    ]);
    return { data, total: Number(total?.n ?? 0) };
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
