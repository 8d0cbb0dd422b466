import type { Caller } from '../../kernel/caller.js';
import { catalogScorecardLookup, type ScorecardSubject } from '../catalog/index.js';
import type { ScorecardAccess, ScorecardsServiceDeps } from './scorecards.access.js';
import { ensureAllBuiltins } from './scorecards.builtin.js';
import { factsOf } from './scorecards.conditions.js';
import { sourceOf, type FactSource } from './scorecards.facts.js';
import { gatherFacts } from './scorecards.gather.js';
import { EVALUATE_SCORECARD_JOB, EVALUATION_BATCH } from './scorecards.job-names.js';
import { applies, evaluate, compileScorecard, type CompiledScorecard } from './scorecards.levels.js';
import { scorecardsRepository as repo, type ScorecardRow } from './scorecards.repository.js';
import { scorecardResultsRepository as resultsRepo, type ResultWrite } from './scorecards.results-repository.js';
import { scorecardExemptionsRepository as exemptionsRepo } from './scorecards.exemptions-repository.js';

declare module '../../infra/events.js' {
  interface EventMap {
    /** An entity's level on a scorecard changed (not on its first evaluation); to the scorecard's organization. */
    'scorecard.level.changed': {
      scorecardId: string;
      scorecardName: string;
      componentId: string;
      componentRef: string;
      previousLevel: string | null;
      level: string | null;
      score: number;
    };
  }
}

const sameOutcome = (a: { levelIndex: number; score: number; rules: Record<string, string> }, b: ResultWrite) => {
  if (a.levelIndex !== b.levelIndex || a.score !== b.score) return false;
  const ka = Object.keys(a.rules);
  if (ka.length !== Object.keys(b.rules).length) return false;
  return ka.every((k) => a.rules[k] === b.rules[k]);
};

/** The evaluation engine: compiled definitions kept per scorecard version, batches of entities evaluated and written. */
export function scorecardEvaluator(deps: ScorecardsServiceDeps) {
  const db = deps.db;
  const compiled = new Map<string, { version: number; card: CompiledScorecard; sources: Set<FactSource> }>();

  function compiledOf(row: ScorecardRow) {
    const version = row.updatedAt.getTime();
    const known = compiled.get(row.id);
    if (known && known.version === version) return known;
    const sources = new Set<FactSource>();
    for (const r of row.rules) for (const f of factsOf(r.condition)) sources.add(sourceOf(f));
    const entry = { version, card: compileScorecard(row.levels, row.rules), sources };
    compiled.set(row.id, entry);
    return entry;
  }

  /**
   * Evaluates `cards` over `subjects` (decision 534): one bulk read of facts, exemptions and current
   * results; changed results are written in one transaction (history entries beside them), then
   * `scorecard.level.changed` is emitted for each level that moved.
   */
  async function evaluateBatch(cards: ScorecardRow[], subjects: ScorecardSubject[], now: Date) {
    if (cards.length === 0 || subjects.length === 0) return { written: 0 };
    const prepared = cards.map((row) => ({ row, ...compiledOf(row) }));
    const sources = new Set<FactSource>();
    for (const p of prepared) for (const s of p.sources) sources.add(s);
    const ids = subjects.map((s) => s.id);
    const [facts, exemptions, current] = await Promise.all([
      gatherFacts({ db, apiSpecs: deps.apiSpecs, dora: deps.dora }, subjects, sources, now),
      exemptionsRepo.activeExemptions(db, ids, now),
      resultsRepo.currentResults(
        db,
        cards.map((c) => c.id),
        ids,
      ),
    ]);
    const currentByKey = new Map(current.map((r) => [`${r.scorecardId}:${r.componentId}`, r]));
    const writes: ResultWrite[] = [];
    const removals: { scorecardId: string; componentId: string }[] = [];
    const changes: { row: ScorecardRow; subject: ScorecardSubject; previous: string | null; next: ResultWrite }[] = [];
    for (const subject of subjects) {
      const f = facts.get(subject.id)!;
      for (const p of prepared) {
        const key = `${p.row.id}:${subject.id}`;
        const before = currentByKey.get(key);
        if (!applies(p.row.filter, subject)) {
          if (before) removals.push({ scorecardId: p.row.id, componentId: subject.id });
          continue;
        }
        const result = evaluate(p.card, f, exemptions.get(key));
        const write: ResultWrite = {
          scorecardId: p.row.id,
          componentId: subject.id,
          componentName: subject.name,
          componentRef: subject.ref,
          teamId: subject.teamId,
          ...result,
        };
        const same = before ? sameOutcome(before, write) : false;
        if (!same || before!.componentName !== subject.name || before!.teamId !== subject.teamId) writes.push(write);
        if (before && before.levelIndex !== write.levelIndex)
          changes.push({ row: p.row, subject, previous: before.level, next: write });
      }
    }
    let changed = new Set<string>();
    if (writes.length || removals.length) {
      changed = await db.transaction(async (tx) => {
        await resultsRepo.deleteResults(tx, removals);
        return resultsRepo.writeResults(tx, writes, now);
      });
    }
    // Only the changes this evaluation wrote: a racing evaluation of the same entity emits nothing twice.
    for (const c of changes.filter((x) => changed.has(`${x.row.id}:${x.subject.id}`))) {
      deps.events.emit(
        'scorecard.level.changed',
        {
          scorecardId: c.row.id,
          scorecardName: c.row.name,
          componentId: c.subject.id,
          componentRef: c.subject.ref,
          previousLevel: c.previous,
          level: c.next.level,
          score: c.next.score,
        },
        { organizationId: c.row.organizationId },
      );
    }
    return { written: writes.length };
  }

  /** Every entity in id order, a batch at a time, against `cards`. */
  async function evaluateOver(cards: ScorecardRow[], signal?: AbortSignal) {
    const startedAt = new Date();
    let afterId: string | undefined;
    let entities = 0;
    let written = 0;
    for (;;) {
      signal?.throwIfAborted();
      const subjects = await catalogScorecardLookup.subjects(db, { afterId, limit: EVALUATION_BATCH });
      if (subjects.length === 0) break;
      written += (await evaluateBatch(cards, subjects, new Date())).written;
      entities += subjects.length;
      afterId = subjects[subjects.length - 1]!.id;
      if (subjects.length < EVALUATION_BATCH) break;
    }
    await repo.markEvaluated(
      db,
      cards.map((c) => c.id),
      startedAt,
    );
    return { scorecards: cards.length, entities, written };
  }

  const enqueueScorecard = (id: string) => deps.jobs.enqueue(EVALUATE_SCORECARD_JOB, { scorecardId: id });

  /** Every scorecard over the given entities: the event-driven re-evaluation. */
  async function evaluateEntities(componentIds: string[]) {
    const [cards, subjects] = await Promise.all([
      repo.all(db),
      catalogScorecardLookup.subjects(db, { ids: [...new Set(componentIds)] }),
    ]);
    return evaluateBatch(cards, subjects, new Date());
  }

  return { enqueueScorecard, evaluateOver, evaluateEntities };
}

export type ScorecardEvaluator = ReturnType<typeof scorecardEvaluator>;

/** The evaluation verbs: a queued evaluation on request, the scheduled and per-scorecard jobs, the event-driven one. */
export function evaluationVerbs(
  deps: ScorecardsServiceDeps,
  { visible }: ScorecardAccess,
  evaluator: ScorecardEvaluator,
) {
  const db = deps.db;
  const { enqueueScorecard, evaluateOver, evaluateEntities } = evaluator;
  return {
    /** Queues an evaluation of one scorecard over every entity (admins). */
    async requestEvaluation(caller: Caller, id: string) {
      await visible(caller, id);
      await enqueueScorecard(id);
      return { queued: true };
    },

    /** Every scorecard over every entity: the scheduled job. Restores the built-ins first. */
    async evaluateAll(_caller: Caller, signal?: AbortSignal) {
      await ensureAllBuiltins(db);
      return evaluateOver(await repo.all(db), signal);
    },

    async evaluateScorecard(_caller: Caller, id: string, signal?: AbortSignal) {
      const row = await repo.find(db, id);
      if (!row) return { scorecards: 0, entities: 0, written: 0 };
      return evaluateOver([row], signal);
    },

    /** Every scorecard over the given entities: the event-driven re-evaluation. */
    async evaluateEntities(_caller: Caller, componentIds: string[]) {
      return evaluateEntities(componentIds);
    },
  };
}
