import { isObj, type SpecFormat } from '../spec/index.js';
import { diffAsyncApi } from './asyncapi.js';
import { DiffContext } from './context.js';
import type { SpecDiffResult } from './model.js';
import { diffOpenApi } from './openapi.js';

export type { DiffEntry, SpecDiffResult } from './model.js';
export { RULES } from './rules.js';

// Code-unit order, not locale order: the same input gives the same output on every machine.
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Compares the stored (validated, normalised) documents: `oldDoc` is the older version. `now`
 * decides whether an `x-sunset` date has passed. Entries are sorted by path, type, detail.
 */
export function diffDocuments(format: SpecFormat, oldDoc: unknown, newDoc: unknown, now = Date.now()): SpecDiffResult {
  const ctx = new DiffContext(now);
  const a = isObj(oldDoc) ? oldDoc : {};
  const b = isObj(newDoc) ? newDoc : {};
  if (format === 'openapi') diffOpenApi(ctx, a, b);
  else diffAsyncApi(ctx, a, b);
  const entries = ctx.entries.sort(
    (x, y) => cmp(x.path, y.path) || cmp(x.type, y.type) || cmp(x.detail, y.detail) || cmp(x.location, y.location) || cmp(x.rule, y.rule),
  );
  return { totalChanges: entries.length, breakingChanges: entries.filter((e) => e.breaking).length, entries };
}
