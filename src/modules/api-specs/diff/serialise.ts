import { DiffBudgetExceeded, diffDocuments, type DiffOptions } from './index.js';
import type { SpecFormat } from '../spec/index.js';

/**
 * The diff as the worker hands it over (decision 306): already JSON, so the main thread never
 * serialises (or walks) a large result. `entries` is every entry's JSON joined by commas;
 * `starts[i]` is where entry i begins and `starts[total]` is the text's length + 1, so a page is
 * one `slice`.
 */
export interface SerialisedDiff {
  totalChanges: number;
  breakingChanges: number;
  summary: string;
  entries: string;
  starts: Uint32Array;
}

export type DiffOutcome = { ok: true; diff: SerialisedDiff } | { ok: false; tooLarge: string };

export interface DiffBudget {
  /** most bytes the entries may take as JSON */
  maxBytes: number;
}

/** Entries are at least this long as JSON: the change budget that stops a runaway diff before its answer is built. */
const MIN_ENTRY_BYTES = 64;

export function serialisedDiff(format: SpecFormat, oldDoc: unknown, newDoc: unknown, now: number, budget: DiffBudget): DiffOutcome {
  const options: DiffOptions = { now, maxChanges: Math.max(1000, Math.floor(budget.maxBytes / MIN_ENTRY_BYTES)) };
  let result;
  try {
    result = diffDocuments(format, oldDoc, newDoc, options);
  } catch (err) {
    if (err instanceof DiffBudgetExceeded) return { ok: false, tooLarge: `the two versions differ in ${err.message}` };
    throw err;
  }
  const parts: string[] = [];
  const starts = new Uint32Array(result.entries.length + 1);
  let offset = 0;
  for (let i = 0; i < result.entries.length; i++) {
    const json = JSON.stringify(result.entries[i]);
    starts[i] = offset;
    offset += json.length + 1;
    if (offset > budget.maxBytes) {
      return { ok: false, tooLarge: `the answer would exceed ${budget.maxBytes} bytes (${result.totalChanges} changes)` };
    }
    parts.push(json);
  }
  starts[result.entries.length] = offset;
  return {
    ok: true,
    diff: {
      totalChanges: result.totalChanges,
      breakingChanges: result.breakingChanges,
      summary: JSON.stringify(result.summary),
      entries: parts.join(','),
      starts,
    },
  };
}

/** Bytes a serialised diff holds in memory (UTF-16 strings plus the offsets). */
export const diffBytes = (d: SerialisedDiff) => (d.entries.length + d.summary.length) * 2 + d.starts.byteLength + 64;

/**
 * The answer's JSON text for entries [skip, skip + take): only string slicing and concatenation.
 * `extra` holds further fields already as JSON (`"affectedConsumers":[…]`).
 */
export function diffAnswer(d: SerialisedDiff, skip = 0, take?: number, extra = ''): string {
  const total = d.totalChanges;
  const from = Math.min(skip, total);
  const to = take === undefined ? total : Math.min(total, from + take);
  const page = from < to ? d.entries.slice(d.starts[from], d.starts[to]! - 1) : '';
  return `{"totalChanges":${total},"breakingChanges":${d.breakingChanges},"summary":${d.summary},"entries":[${page}]${extra ? `,${extra}` : ''}}`;
}
