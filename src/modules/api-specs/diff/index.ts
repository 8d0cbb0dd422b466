import { isObj, type SpecFormat } from '../spec/index.js';
import { diffAsyncApi } from './asyncapi.js';
import { DiffContext } from './context.js';
import type { DiffEntry, DiffSummary, Level, SpecDiffResult } from './model.js';
import { diffOpenApi } from './openapi.js';

export type { DiffEntry, DiffSummary, SpecDiffResult } from './model.js';
export { DiffBudgetExceeded } from './context.js';
export { RULES } from './rules.js';
export { serialisedDiff, type DiffOutcome } from './serialise.js';

// Code-unit order, not locale order: the same input gives the same output on every machine.
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const LEVEL_ORDER: Record<Level, number> = { error: 0, warning: 1, info: 2 };

export interface DiffOptions {
  /** decides whether an `x-sunset` date has passed */
  now?: number;
  /** the budget: more changes than this throw DiffBudgetExceeded (decision 306) */
  maxChanges?: number;
}

/**
 * Compares the stored (validated, normalised) documents: `oldDoc` is the older version. Entries
 * are ordered breaking first (then warnings, then info), and by path, type, detail within a level.
 */
export function diffDocuments(format: SpecFormat, oldDoc: unknown, newDoc: unknown, options: DiffOptions | number = {}): SpecDiffResult {
  const { now = Date.now(), maxChanges } = typeof options === 'number' ? { now: options } : options;
  const ctx = new DiffContext(now, maxChanges);
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
  return { totalChanges: entries.length, breakingChanges: summary.error, summary, entries };
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
  const rules = [...byRule.values()].sort((x, y) => LEVEL_ORDER[x.level] - LEVEL_ORDER[y.level] || y.count - x.count || cmp(x.rule, y.rule));
  return { ...levels, rules };
}

/** An empty diff (identical documents answer it at once). */
