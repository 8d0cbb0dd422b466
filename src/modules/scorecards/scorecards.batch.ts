import type { EventPublisher } from '../../infra/events.js';
import type { ScorecardSubject } from '../catalog/index.js';
import type { ScorecardsServiceDeps } from './scorecards.access.js';
import type { FactSource } from './scorecards.facts.js';
import { gatherFacts } from './scorecards.gather.js';
import { applies, evaluate, type CompiledScorecard } from './scorecards.levels.js';
import type { ScorecardRow } from './scorecards.repository.js';
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

/** A scorecard with its compiled definition and the fact sources its rules read. */
export interface PreparedCard {
  row: ScorecardRow;
  card: CompiledScorecard;
  sources: Set<FactSource>;
}

type Inputs = Awaited<ReturnType<typeof readInputs>>;
type LevelChange = { row: ScorecardRow; subject: ScorecardSubject; previous: string | null; next: ResultWrite };
type Plan = ReturnType<typeof planResults>;

/**
 * Evaluates `prepared` over `subjects` (decision 534): one bulk read of facts, exemptions and current
 * results; changed results are written in one transaction (history entries beside them), then
 * `scorecard.level.changed` is emitted for each level that moved. Named steps (decision 1200).
 */
export async function evaluateBatch(
  deps: ScorecardsServiceDeps,
  prepared: PreparedCard[],
  subjects: ScorecardSubject[],
  now: Date,
) {
  const inputs = await readInputs(deps, prepared, subjects, now);
  const plan = planResults(prepared, subjects, inputs);
  const changed = await writePlan(deps, plan, now);
  // Only the changes this evaluation wrote: a racing evaluation of the same entity emits nothing twice.
  emitLevelChanges(
    deps.events,
    plan.changes.filter((x) => changed.has(`${x.row.id}:${x.subject.id}`)),
  );
  return { written: plan.writes.length };
}

/** The one bulk read: the facts the cards' rules need, active exemptions, the current results by key. */
async function readInputs(
  { db, apiSpecs, dora }: ScorecardsServiceDeps,
  prepared: PreparedCard[],
  subjects: ScorecardSubject[],
  now: Date,
) {
  const sources = new Set<FactSource>();
  for (const p of prepared) for (const s of p.sources) sources.add(s);
  const ids = subjects.map((s) => s.id);
  const [facts, exemptions, current] = await Promise.all([
    gatherFacts({ db, apiSpecs, dora }, subjects, sources, now),
    exemptionsRepo.activeExemptions(db, ids, now),
    resultsRepo.currentResults(
      db,
      prepared.map((p) => p.row.id),
      ids,
    ),
  ]);
  const currentByKey = new Map(current.map((r) => [`${r.scorecardId}:${r.componentId}`, r]));
  return { facts, exemptions, currentByKey };
}

/** What to write, what to remove (an entity a card no longer applies to) and which levels moved. */
function planResults(prepared: PreparedCard[], subjects: ScorecardSubject[], inputs: Inputs) {
  const writes: ResultWrite[] = [];
  const removals: { scorecardId: string; componentId: string }[] = [];
  const changes: LevelChange[] = [];
  for (const subject of subjects) {
    const f = inputs.facts.get(subject.id)!;
    for (const p of prepared) {
      const key = `${p.row.id}:${subject.id}`;
      const before = inputs.currentByKey.get(key);
      if (!applies(p.row.filter, subject)) {
        if (before) removals.push({ scorecardId: p.row.id, componentId: subject.id });
        continue;
      }
      const write: ResultWrite = {
        scorecardId: p.row.id,
        componentId: subject.id,
        componentName: subject.name,
        componentRef: subject.ref,
        teamId: subject.teamId,
        ...evaluate(p.card, f, inputs.exemptions.get(key)),
      };
      const same = before ? sameOutcome(before, write) : false;
      if (!same || before!.componentName !== subject.name || before!.teamId !== subject.teamId) writes.push(write);
      if (before && before.levelIndex !== write.levelIndex)
        changes.push({ row: p.row, subject, previous: before.level, next: write });
    }
  }
  return { writes, removals, changes };
}

const sameOutcome = (a: { levelIndex: number; score: number; rules: Record<string, string> }, b: ResultWrite) => {
  if (a.levelIndex !== b.levelIndex || a.score !== b.score) return false;
  const ka = Object.keys(a.rules);
  if (ka.length !== Object.keys(b.rules).length) return false;
  return ka.every((k) => a.rules[k] === b.rules[k]);
};

/** Removals and writes in one transaction; the keys (`scorecardId:componentId`) it really changed. */
async function writePlan({ db }: ScorecardsServiceDeps, { writes, removals }: Plan, now: Date) {
  if (!writes.length && !removals.length) return new Set<string>();
  return db.transaction(async (tx) => {
    await resultsRepo.deleteResults(tx, removals);
    return resultsRepo.writeResults(tx, writes, now);
  });
}

function emitLevelChanges(events: EventPublisher, changes: LevelChange[]) {
  for (const c of changes) {
    events.emit(
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
}
