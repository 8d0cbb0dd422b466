import { diffDocuments, type SpecDiffResult } from './diff/index.js';
import { diffableDocument, readSpec } from './spec/analyse.js';
import type { SpecFormat } from './spec/parse.js';

/**
 * The server's breaking-change diff as a plain function of two texts, for the `hangar` command line
 * (decision 866): the same reading (parse, detect, `$ref`s resolvable, Swagger 2.0 normalised) and
 * the same rule table as `GET /api/v1/api-specs/:id/diff`, with no database, worker or budget.
 */
export type OfflineDiff =
  | { ok: true; format: SpecFormat; oldVersion: string; newVersion: string; result: SpecDiffResult }
  | { ok: false; side: 'old' | 'new' | 'both'; message: string };

const EMPTY: SpecDiffResult = {
  totalChanges: 0,
  breakingChanges: 0,
  summary: { error: 0, warning: 0, info: 0, rules: [] },
  entries: [],
};

export function diffSpecTexts(oldText: string, newText: string, now = Date.now()): OfflineDiff {
  const older = readSpec(oldText);
  if (!older.ok) return { ok: false, side: 'old', message: older.message };
  const newer = oldText === newText ? older : readSpec(newText);
  if (!newer.ok) return { ok: false, side: 'new', message: newer.message };
  if (older.format !== newer.format)
    return {
      ok: false,
      side: 'both',
      message: `both specs must have the same format (old: ${older.format}, new: ${newer.format})`,
    };
  const base = {
    ok: true as const,
    format: older.format,
    oldVersion: older.specVersion,
    newVersion: newer.specVersion,
  };
  // Identical texts: no change, as the server answers two specs of one SHA-256.
  if (oldText === newText) return { ...base, result: EMPTY };
  return { ...base, result: diffDocuments(older.format, diffableDocument(older), diffableDocument(newer), { now }) };
}
