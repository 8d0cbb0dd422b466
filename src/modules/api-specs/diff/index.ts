import { isObj, type SpecFormat } from '../spec/index.js';
import { diffAsyncApi } from './asyncapi.js';
import { DiffContext } from './context.js';
import type { DiffEntry, DiffSummary, Level, SpecDiffResult } from './model.js';
import { diffOpenApi } from './openapi.js';

export type { DiffEntry, DiffSummary, SpecDiffResult } from './model.js';
export { DiffBudgetExceeded } from './context.js';
export { RULES } from './rule-set.js';

// Code-unit order, not locale order: the same input gives the same output on every machine.
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const LEVEL_ORDER: Record<Level, number> = { error: 0, warning: 1, info: 2 };

export interface DiffOptions {
  /** decides whether an `x-sunset` date has passed */
  now?: number;
  /** the budget: more changes than this throw DiffBudgetExceeded (decision 306) */
  maxChanges?: number;
  /** how many operations `reaches.operations` names (default REACHES_LISTED, 20; `Infinity` names all) */
  reachesListed?: number;
}

/** A diff with every operation each entry reaches: `reached[i]` is entry i's whole list (undefined: no `reaches`). */
export interface DetailedDiff {
  result: SpecDiffResult;
  reached: (string[] | undefined)[];
}

/**
 * Compares the stored (validated, normalised) documents: `oldDoc` is the older version. Entries
 * are ordered breaking first (then warnings, then info), and by path, type, detail within a level.
 */
export function diffDocuments(
  format: SpecFormat,
  oldDoc: unknown,
  newDoc: unknown,
  options: DiffOptions | number = {},
): SpecDiffResult {
  return diffDetailed(format, oldDoc, newDoc, options).result;
}

/** `diffDocuments` that also answers every operation each schema entry reaches (for the paged `reaches`, decision 800). */
export function diffDetailed(
  format: SpecFormat,
  oldDoc: unknown,
  newDoc: unknown,
  options: DiffOptions | number = {},
): DetailedDiff {
  const { now = Date.now(), maxChanges, reachesListed } = typeof options === 'number' ? { now: options } : options;
  const ctx = new DiffContext(now, maxChanges, reachesListed);
  const a = isObj(oldDoc) ? oldDoc : {};
  const b = isObj(newDoc) ? newDoc : {};
  const schemas = format === 'openapi' ? diffOpenApi(ctx, a, b) : diffAsyncApi(ctx, a, b);
  ctx.addGroups(schemas);
  const entries = ctx.entries.sort(
    (x, y) =>
      LEVEL_ORDER[x.level] - LEVEL_ORDER[y.level] ||
      cmp(x.path, y.path) ||
      cmp(x.type, y.type) ||
      cmp(x.detail, y.detail) ||
      cmp(x.location, y.location) ||
      cmp(x.rule, y.rule),
  );
  const summary = summarise(entries);
  return {
    result: { totalChanges: entries.length, breakingChanges: summary.error, summary, entries },
    reached: entries.map((e) => ctx.reachedBy.get(e)),
  };
}

/** Counts per level and per rule; rules ordered breaking first, then by count. */
export function summarise(entries: DiffEntry[]): DiffSummary {
  const levels = { error: 0, warning: 0, info: 0 };
  const byRule = new Map<string, { rule: string; level: Level; count: number }>();
  for (const e of entries) {
    levels[e.level]++;
    const r = byRule.get(e.rule);
    if (r) r.count++;
    else byRule.set(e.rule, { rule: e.rule, level: e.level, count: 1 });
  }
  const rules = [...byRule.values()].sort(
    (x, y) => LEVEL_ORDER[x.level] - LEVEL_ORDER[y.level] || y.count - x.count || cmp(x.rule, y.rule),
  );
  return { ...levels, rules };
}

/** An empty diff (identical documents answer it at once). */
