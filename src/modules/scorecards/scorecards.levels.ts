import type { RuleOutcomes, ScorecardFilter, ScorecardLevel, ScorecardRule } from '../../db/schema/scorecards.js';
import { compileCondition, type Outcome } from './scorecards.conditions.js';
import type { Facts } from './scorecards.facts.js';

/** The entity fields a scorecard's filter reads. */
export interface FilterSubject {
  kind: string;
  entityKind: string;
  type: string | null;
  owner: string | null;
  ownerRef: string | null;
  lifecycle: string | null;
  tags: string[];
  system: string | null;
  systemRef: string | null;
}

/**
 * Whether a scorecard applies to an entity (decision 531): every list given must hold the entity's
 * value (any of the entity's tags for `tags`); owners and systems match as written or as the full
 * reference; kinds match Hangar's kind or the Backstage kind, case-insensitively.
 */
export function applies(filter: ScorecardFilter, e: FilterSubject): boolean {
  const lower = (xs: string[]) => xs.map((x) => x.toLowerCase());
  if (
    filter.kinds?.length &&
    !lower(filter.kinds).some((k) => k === e.kind.toLowerCase() || k === e.entityKind.toLowerCase())
  )
    return false;
  if (filter.types?.length && !(e.type !== null && filter.types.includes(e.type))) return false;
  if (filter.lifecycles?.length && !(e.lifecycle !== null && filter.lifecycles.includes(e.lifecycle))) return false;
  if (filter.owners?.length && !filter.owners.some((o) => o === e.owner || o === e.ownerRef)) return false;
  if (filter.systems?.length && !filter.systems.some((s) => s === e.system || s === e.systemRef)) return false;
  if (filter.tags?.length && !filter.tags.some((t) => e.tags.includes(t))) return false;
  return true;
}

export interface Evaluated {
  level: string | null;
  levelIndex: number;
  score: number;
  rules: RuleOutcomes;
}

export interface CompiledScorecard {
  levels: ScorecardLevel[];
  rules: { key: string; levelIndex: number; weight: number; test: (f: Facts) => Outcome }[];
}

export function compileScorecard(levels: ScorecardLevel[], rules: ScorecardRule[]): CompiledScorecard {
  const index = new Map(levels.map((l, i) => [l.name, i]));
  return {
    levels,
    rules: rules.map((r) => ({
      key: r.key,
      levelIndex: index.get(r.level) ?? 0,
      weight: r.weight,
      test: compileCondition(r.condition),
    })),
  };
}

/**
 * Level and score (decision 530). The level is the highest L such that every rule of L and of every
 * lower level passes (an exempt rule counts as passing); -1 when a rule of the lowest level fails.
 * The score is the weighted share of passing (or exempt) rules, 0–100 with one decimal; 100 without rules.
 */
export function evaluate(card: CompiledScorecard, facts: Facts, exempt: ReadonlySet<string> | undefined): Evaluated {
  const rules: RuleOutcomes = {};
  let total = 0;
  let passed = 0;
  // The lowest level holding a rule that does not pass.
  let firstFailing = card.levels.length;
  for (const r of card.rules) {
    const outcome = exempt?.has(r.key) ? 'exempt' : r.test(facts);
    rules[r.key] = outcome;
    total += r.weight;
    if (outcome === 'pass' || outcome === 'exempt') passed += r.weight;
    else if (r.levelIndex < firstFailing) firstFailing = r.levelIndex;
  }
  const levelIndex = firstFailing - 1;
  return {
    level: levelIndex >= 0 ? card.levels[levelIndex]!.name : null,
    levelIndex,
    score: total === 0 ? 100 : Math.round((passed / total) * 1000) / 10,
    rules,
  };
}
