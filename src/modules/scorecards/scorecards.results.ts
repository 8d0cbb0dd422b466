import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { pageOf } from '../../kernel/pagination.js';
import { teamsLookup } from '../teams/index.js';
import type { ScorecardAccess, ScorecardsServiceDeps } from './scorecards.access.js';
import { scorecardsRepository as repo, type ScorecardRow } from './scorecards.repository.js';
import { scorecardResultsRepository as resultsRepo } from './scorecards.results-repository.js';
import type { HistoryQuery, ResultsQuery } from './scorecards.schemas.js';

/** The result verbs: a scorecard's results, an entity's levels and history, a team's summary. */
export function resultVerbs(deps: ScorecardsServiceDeps, { visible, requireComponent }: ScorecardAccess) {
  const db = deps.db;
  return {
    async results(caller: Caller, id: string, q: ResultsQuery) {
      const row = await visible(caller, id);
      const levelIndex = levelFilterOf(row, q.level);
      const { data, total } = await resultsRepo.resultsPage(db, id, { teamId: q.teamId, levelIndex }, q.skip, q.take);
      return pageOf(data, total, q);
    },

    /** An entity's levels on every scorecard visible in the context, with each rule's outcome, failure message and remediation. */
    async entityResults(caller: Caller, componentId: string) {
      await requireComponent(componentId);
      const cards = await repo.visibleIds(db, caller.organizationId);
      const byId = new Map(cards.map((c) => [c.id, c]));
      const rows = await resultsRepo.resultsOfComponent(
        db,
        componentId,
        cards.map((c) => c.id),
      );
      return rows
        .map((r) => entityResultOf(byId.get(r.scorecardId)!, r))
        .sort((a, b) => a.scorecardName.localeCompare(b.scorecardName));
    },

    async entityHistory(caller: Caller, componentId: string, q: HistoryQuery) {
      await requireComponent(componentId);
      const ids = q.scorecardId
        ? [(await visible(caller, q.scorecardId)).id]
        : (await repo.visibleIds(db, caller.organizationId)).map((c) => c.id);
      const { data, total } = await resultsRepo.history(db, componentId, ids, q.skip, q.take);
      return pageOf(
        data.map((h) => ({
          scorecardId: h.scorecardId,
          level: h.level,
          levelIndex: h.levelIndex,
          score: h.score,
          rules: h.rules,
          recordedAt: h.recordedAt,
        })),
        total,
        q,
      );
    },

    async teamSummary(caller: Caller, teamId: string) {
      if (!(await teamsLookup.findTeam(db, teamId))) throw new NotFound('Team not found');
      const cards = await repo.visibleIds(db, caller.organizationId);
      const rows = await resultsRepo.teamSummary(
        db,
        teamId,
        cards.map((c) => c.id),
      );
      return {
        teamId,
        scorecards: cards.map((card) => cardSummaryOf(card, rows)),
      };
    },
  };
}

type ResultRow = Awaited<ReturnType<typeof resultsRepo.resultsOfComponent>>[number];
type SummaryRow = Awaited<ReturnType<typeof resultsRepo.teamSummary>>[number];

/** The results filter's level index: -1 for `none`; a name the scorecard does not define is refused. */
function levelFilterOf(row: ScorecardRow, level: string | undefined): number | undefined {
  if (level === undefined) return undefined;
  const levelIndex = level === 'none' ? -1 : row.levels.findIndex((l) => l.name === level);
  if (levelIndex === -1 && level !== 'none') {
    throw new Invalid(
      `level "${level}" is not a level of this scorecard (levels: ${row.levels.map((l) => l.name).join(', ')}, or none)`,
      [{ field: 'level', problem: 'is not a level of this scorecard' }],
    );
  }
  return levelIndex;
}

/** An entity's result on one scorecard, each rule with its outcome, failure message and remediation. */
function entityResultOf(card: ScorecardRow, r: ResultRow) {
  return {
    scorecardId: card.id,
    scorecardName: card.name,
    levels: card.levels,
    level: r.level,
    levelIndex: r.levelIndex,
    score: r.score,
    changedAt: r.changedAt,
    evaluatedAt: card.lastEvaluatedAt,
    rules: card.rules
      .filter((rule) => r.rules[rule.key] !== undefined)
      .map((rule) => ({
        key: rule.key,
        title: rule.title,
        level: rule.level,
        weight: rule.weight,
        outcome: r.rules[rule.key]!,
        failureMessage: rule.failureMessage,
        remediationUrl: rule.remediationUrl,
      })),
  };
}

/** One scorecard's line in a team's summary: counts per level (no level first) and the average score. */
function cardSummaryOf(card: ScorecardRow, rows: SummaryRow[]) {
  const mine = rows.filter((r) => r.scorecardId === card.id);
  const total = mine.reduce((a, r) => a + r.n, 0);
  const countAt = (i: number) => mine.find((r) => r.levelIndex === i)?.n ?? 0;
  return {
    scorecardId: card.id,
    name: card.name,
    total,
    averageScore: total ? Math.round((mine.reduce((a, r) => a + r.scoreSum, 0) / total) * 10) / 10 : null,
    levels: [
      { name: null, colour: null, count: countAt(-1) },
      ...card.levels.map((l, i) => ({ name: l.name, colour: l.colour, count: countAt(i) })),
    ],
  };
}
