import { DiffBudgetExceeded, diffDetailed, type DiffOptions } from './index.js';
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
  /** every operation each schema entry reaches, for `GET …/diff/reaches` (decision 800) */
  reaches: SerialisedReaches;
}

/**
 * The reach lists of a diff, compact: each operation's name once (as JSON text), each list once
 * (entries of one schema share theirs) as indexes into the names.
 */
export interface SerialisedReaches {
  /** operation names as JSON string literals (`"GET /a"`) */
  names: string[];
  /** the lists one after another: list k is `lists[listStarts[k] .. listStarts[k + 1])` */
  lists: Uint32Array;
  listStarts: Uint32Array;
  /** the list of entry i, or -1 when the entry has no `reaches` */
  entryList: Int32Array;
}

export type DiffOutcome = { ok: true; diff: SerialisedDiff } | { ok: false; tooLarge: string };

export interface DiffBudget {
  /** most bytes the entries may take as JSON */
  maxBytes: number;
}

/** Entries are at least this long as JSON: the change budget that stops a runaway diff before its answer is built. */
const MIN_ENTRY_BYTES = 64;

export function serialisedDiff(
  format: SpecFormat,
  oldDoc: unknown,
  newDoc: unknown,
  now: number,
  budget: DiffBudget,
): DiffOutcome {
  const options: DiffOptions = { now, maxChanges: Math.max(1000, Math.floor(budget.maxBytes / MIN_ENTRY_BYTES)) };
  let result;
  let reached;
  try {
    ({ result, reached } = diffDetailed(format, oldDoc, newDoc, options));
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
      return {
        ok: false,
        tooLarge: `the answer would exceed ${budget.maxBytes} bytes (${result.totalChanges} changes)`,
      };
    }
    parts.push(json);
  }
  starts[result.entries.length] = offset;
  // An index is 4 bytes: the lists get the same budget as the entries' text.
  const reaches = serialiseReaches(reached, Math.floor(budget.maxBytes / 4));
  if (!reaches)
    return {
      ok: false,
      tooLarge: `the operations its changes reach would exceed ${budget.maxBytes} bytes (${result.totalChanges} changes)`,
    };
  return {
    ok: true,
    diff: {
      totalChanges: result.totalChanges,
      breakingChanges: result.breakingChanges,
      summary: JSON.stringify(result.summary),
      entries: parts.join(','),
      starts,
      reaches,
    },
  };
}

export const NO_REACHES: SerialisedReaches = {
  names: [],
  lists: new Uint32Array(0),
  listStarts: new Uint32Array(1),
  entryList: new Int32Array(0),
};

/**
 * Each distinct list once: entries of one schema share their list, and schemas in one cycle of
 * references reach the same operations, so lists are also deduplicated by content. Undefined when
 * the lists would hold more than `maxItems` indexes (the budget, decision 306).
 */
function serialiseReaches(reached: (string[] | undefined)[], maxItems: number): SerialisedReaches | undefined {
  const nameIndex = new Map<string, number>();
  const byIdentity = new Map<string[], number>();
  const byContent = new Map<string, number>();
  const lists: number[] = [];
  const listStarts = [0];
  const entryList = new Int32Array(reached.length).fill(-1);
  for (let i = 0; i < reached.length; i++) {
    const list = reached[i];
    if (!list) continue;
    let k = byIdentity.get(list);
    if (k === undefined) {
      const indexes = list.map((name) => {
        let n = nameIndex.get(name);
        if (n === undefined) nameIndex.set(name, (n = nameIndex.size));
        return n;
      });
      const key = indexes.join(',');
      k = byContent.get(key);
      if (k === undefined) {
        if (lists.length + indexes.length > maxItems) return undefined;
        byContent.set(key, (k = listStarts.length - 1));
        for (const n of indexes) lists.push(n);
        listStarts.push(lists.length);
      }
      byIdentity.set(list, k);
    }
    entryList[i] = k;
  }
  return {
    names: [...nameIndex.keys()].map((n) => JSON.stringify(n)),
    lists: Uint32Array.from(lists),
    listStarts: Uint32Array.from(listStarts),
    entryList,
  };
}

/** Bytes a serialised diff holds in memory (UTF-16 strings plus the offsets). */
export const diffBytes = (d: SerialisedDiff) =>
  (d.entries.length + d.summary.length) * 2 +
  d.starts.byteLength +
  d.reaches.names.reduce((sum, n) => sum + n.length * 2 + 32, 0) +
  d.reaches.lists.byteLength +
  d.reaches.listStarts.byteLength +
  d.reaches.entryList.byteLength +
  64;

/** One entry's JSON text (undefined past the last). */
export function entryText(d: SerialisedDiff, i: number): string | undefined {
  if (!Number.isInteger(i) || i < 0 || i >= d.totalChanges) return undefined;
  return d.entries.slice(d.starts[i], d.starts[i + 1]! - 1);
}

/** Operations [skip, skip + take) of the list entry i reaches, as a JSON array's text, and the list's length. */
export function reachesPage(d: SerialisedDiff, i: number, skip: number, take: number): { total: number; data: string } {
  const k = d.reaches.entryList[i] ?? -1;
  if (k < 0) return { total: 0, data: '[]' };
  const from = d.reaches.listStarts[k]!;
  const to = d.reaches.listStarts[k + 1]!;
  const page: string[] = [];
  for (let x = from + skip; x < Math.min(to, from + skip + take); x++) page.push(d.reaches.names[d.reaches.lists[x]!]!);
  return { total: to - from, data: `[${page.join(',')}]` };
}

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
