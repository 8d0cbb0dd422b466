import type { Caller } from '../../kernel/caller.js';
import { catalogScorecardLookup, type ScorecardSubject } from '../catalog/index.js';
import type { ScorecardAccess, ScorecardsServiceDeps } from './scorecards.access.js';
import { ensureAllBuiltins } from './scorecards.builtin.js';
import { factsOf } from './scorecards.conditions.js';
import { sourceOf, type FactSource } from './scorecards.facts.js';
import { EVALUATE_SCORECARD_JOB, EVALUATION_BATCH } from './scorecards.job-names.js';
import { evaluateBatch, type PreparedCard } from './scorecards.batch.js';
import { compileScorecard } from './scorecards.levels.js';
import { scorecardsRepository as repo, type ScorecardRow } from './scorecards.repository.js';

/** The evaluation engine: compiled definitions kept per scorecard version, batches of entities evaluated and written. */
export function scorecardEvaluator(deps: ScorecardsServiceDeps) {
  const db = deps.db;
  const compiled = new Map<string, Omit<PreparedCard, 'row'> & { version: number }>();

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

  /** See `evaluateBatch`: the cards compiled (or taken from the cache) first. */
  async function evaluateCards(cards: ScorecardRow[], subjects: ScorecardSubject[], now: Date) {
    if (cards.length === 0 || subjects.length === 0) return { written: 0 };
    return evaluateBatch(
      deps,
      cards.map((row) => ({ row, ...compiledOf(row) })),
      subjects,
      now,
    );
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
      written += (await evaluateCards(cards, subjects, new Date())).written;
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
    return evaluateCards(cards, subjects, new Date());
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
