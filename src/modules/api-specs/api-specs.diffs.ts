import type { Database } from '../../db/client.js';
import { DomainError, Invalid, NotFound, Unavailable } from '../../kernel/errors.js';
import type { createConsumers } from './api-specs.consumers.js';
import { apiSpecsRepository as repo } from './api-specs.repository.js';
import { ByteBoundedCache } from './diff-cache.js';
import { diffAnswer, diffBytes, entryText, NO_REACHES, reachesPage, type SerialisedDiff } from './diff/serialise.js';
import type { SpecFormat } from './spec/parse.js';
import { WorkerFailure, WorkerTimeout, type SpecWorkerPool } from './spec/worker-pool.js';

/** 422: the diff of two versions exceeds its budget (decision 306). */
export class DiffTooLarge extends DomainError {
  readonly statusCode = 422;
}

export const DIFFABLE_FORMATS = new Set(['openapi', 'asyncapi']);

/**
 * A spec's content and format never change after upload, so the diff of a pair is fixed except for
 * x-sunset dates passing: it is cached for a while, and deleted specs are caught by the existence check.
 */
const DIFF_CACHE_TTL_MS = 900_000;
const EMPTY: SerialisedDiff = {
  totalChanges: 0,
  breakingChanges: 0,
  summary: '{"error":0,"warning":0,"info":0,"rules":[]}',
  entries: '',
  starts: new Uint32Array(1),
  reaches: NO_REACHES,
};

interface DiffsDeps {
  db: Database;
  workers: SpecWorkerPool;
  /** the diff budget and cache (decision 306) */
  budget: { maxBytes: number; timeoutMs: number; cacheBytes: number };
  consumers: ReturnType<typeof createConsumers>;
}

/** The stored document, or (rows stored before documents were) analysed once now and kept. */
async function documentOf(
  { db, workers }: Pick<DiffsDeps, 'db' | 'workers'>,
  row: { id: string; document: string | null },
  label: string,
): Promise<string> {
  if (row.document !== null) return row.document;
  const content = await repo.findContent(db, row.id);
  if (content === undefined) throw new NotFound(`${label} not found`);
  const result = await workers.analyse(content);
  if (!result.ok) throw new Invalid(`${label} is not a valid specification: ${result.message}`);
  await repo.saveDocument(db, row.id, result.document);
  return result.document;
}

/** Two versions are compared only when both have the same diffable format. */
function refuseUncomparable(newer: string, older: string) {
  if (newer !== older) {
    throw new Invalid(`Cannot compare an ${newer} spec with an ${older} spec`, [
      { field: 'compareWith', problem: 'has another format' },
    ]);
  }
  if (!DIFFABLE_FORMATS.has(newer))
    throw new Invalid(`Specs of format '${newer}' are stored as text and not compared`, [
      { field: 'id', problem: 'not diffable' },
    ]);
}

/** The worker's diff, its failures in the API's words (422 past the budget, 503 while shutting down). */
async function diffInWorker(
  { workers, budget }: Pick<DiffsDeps, 'workers' | 'budget'>,
  format: SpecFormat,
  oldDoc: string,
  newDoc: string,
): Promise<SerialisedDiff> {
  let outcome;
  try {
    outcome = await workers.diff(format, oldDoc, newDoc, budget);
  } catch (err) {
    if (err instanceof WorkerTimeout)
      throw new DiffTooLarge(
        `the diff of these two versions takes longer than its budget (${budget.timeoutMs} ms): compare versions closer together`,
      );
    if (err instanceof WorkerFailure && /shut down/.test(err.message))
      throw new Unavailable('the specification workers are shutting down');
    if (err instanceof WorkerFailure)
      throw new DiffTooLarge('these two versions could not be compared within the diff budget');
    throw err;
  }
  if (!outcome.ok)
    throw new DiffTooLarge(
      `the diff of these two versions is too large to answer: ${outcome.tooLarge}; compare versions closer together`,
    );
  return outcome.diff;
}

/** The diff of two stored versions: computed in a worker, cached per process, answered in pages. */
export function createDiffs({ db, workers, budget, consumers }: DiffsDeps) {
  const diffCache = new ByteBoundedCache<SerialisedDiff>(budget.cacheBytes, DIFF_CACHE_TTL_MS, diffBytes);
  // Concurrent requests for the same uncached pair share one computation.
  const inFlight = new Map<string, Promise<SerialisedDiff>>();

  async function compute(id: string, compareWith: string, format: SpecFormat): Promise<SerialisedDiff> {
    const [a, b] = await Promise.all([repo.findForDiff(db, compareWith), repo.findForDiff(db, id)]);
    if (!a) throw new NotFound('API spec to compare with not found');
    if (!b) throw new NotFound('API spec not found');
    const [oldDoc, newDoc] = await Promise.all([
      documentOf({ db, workers }, a, 'API spec to compare with'),
      documentOf({ db, workers }, b, 'API spec'),
    ]);
    if (oldDoc === newDoc) return EMPTY;
    return diffInWorker({ workers, budget }, format, oldDoc, newDoc);
  }

  /**
   * The diff of a pair, serialised (decision 306): computed and serialised in a worker, kept in a
   * cache bounded in bytes; callers only slice pages out of it.
   */
  async function serialised(id: string, compareWith: string): Promise<SerialisedDiff> {
    const [newer, older] = await Promise.all([repo.findDiffMeta(db, id), repo.findDiffMeta(db, compareWith)]);
    if (!newer) throw new NotFound('API spec not found');
    if (!older) throw new NotFound('API spec to compare with not found');
    refuseUncomparable(newer.format, older.format);
    let result: SerialisedDiff;
    if (newer.contentSha256 && newer.contentSha256 === older.contentSha256) result = EMPTY;
    else {
      const key = `${id}:${compareWith}`;
      const cached = diffCache.get(key);
      if (cached) result = cached;
      else {
        let pending = inFlight.get(key);
        if (!pending) {
          pending = compute(id, compareWith, newer.format as SpecFormat)
            .then((d) => {
              diffCache.set(key, d);
              return d;
            })
            .finally(() => inFlight.delete(key));
          inFlight.set(key, pending);
        }
        result = await pending;
      }
    }
    return result;
  }

  /** The diff as JSON text: a page of its entries and, when some break, the consumers they affect. */
  async function diff(id: string, compareWith: string, page: { skip?: number; take?: number } = {}): Promise<string> {
    const result = await serialised(id, compareWith);
    const extra =
      result.breakingChanges > 0 ? `"affectedConsumers":${JSON.stringify(await consumers.affected(compareWith))}` : '';
    return diffAnswer(result, page.skip, page.take, extra);
  }

  /**
   * Every operation entry `entry` (its index in the diff's entries) reaches, paged (decision 800),
   * as JSON text: `{entry, path, location, rule, data, total, skip, take}`. An entry without
   * `reaches` answers an empty list; an index past the last entry is a 404.
   */
  async function reaches(
    id: string,
    compareWith: string,
    q: { entry: number; skip: number; take: number },
  ): Promise<string> {
    const result = await serialised(id, compareWith);
    const text = entryText(result, q.entry);
    if (text === undefined) {
      throw new NotFound(
        `the diff has no entry ${q.entry}: it has ${result.totalChanges} ${result.totalChanges === 1 ? 'entry' : 'entries'} (numbered from 0)`,
      );
    }
    const entry = JSON.parse(text) as { path: string; location: string; rule: string };
    const page = reachesPage(result, q.entry, q.skip, q.take);
    const head = `"entry":${q.entry},"path":${JSON.stringify(entry.path)},"location":${JSON.stringify(entry.location)},"rule":${JSON.stringify(entry.rule)}`;
    return `{${head},"data":${page.data},"total":${page.total},"skip":${q.skip},"take":${q.take}}`;
  }

  return { diff, reaches };
}
