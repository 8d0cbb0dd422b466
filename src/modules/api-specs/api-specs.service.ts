import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.js';
import type { EventPublisher } from '../../infra/events.js';
import type { Caller } from '../../kernel/caller.js';
import { DomainError, Invalid, NotFound, Unavailable } from '../../kernel/errors.js';
import { catalogLookup } from '../catalog/index.js';
import { createConsumers } from './api-specs.consumers.js';
import { apiSpecsRepository as repo, type ApiSpecSummaryRow } from './api-specs.repository.js';
import type { ConsumerBody, CreateApiSpecBody, SpecStatus, UpdateApiSpecBody } from './api-specs.schemas.js';
import { createLifecycle } from './api-specs.lifecycle.js';
import { ByteBoundedCache } from './diff-cache.js';
import { diffAnswer, diffBytes, type SerialisedDiff } from './diff/serialise.js';
import type { SpecFormat } from './spec/parse.js';
import { WorkerFailure, WorkerTimeout, type SpecWorkerPool } from './spec/worker-pool.js';

/** 413: the specification is larger than API_SPEC_MAX_BYTES. */
export class SpecTooLarge extends DomainError {
  readonly statusCode = 413;
}

/** 422: the diff of two versions exceeds its budget (decision 306). */
export class DiffTooLarge extends DomainError {
  readonly statusCode = 422;
}

export type ApiSpecSummary = Omit<ApiSpecSummaryRow, 'status'> & { status: SpecStatus };
export type ApiSpec = ApiSpecSummary & { spec: string };

// The status column is plain text; only this module writes it, with the enum values.
const summary = (row: ApiSpecSummaryRow) => row as ApiSpecSummary;
const DIFFABLE = new Set(['openapi', 'asyncapi']);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Far beyond any real specification (they nest a few dozen levels), far below a stack overflow. */
const MAX_OBJECT_DEPTH = 256;
function deeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d > max) return true;
    for (const child of Object.values(v)) if (child !== null && typeof child === 'object') stack.push([child, d + 1]);
  }
  return false;
}

export interface ApiSpecsServiceDeps {
  db: Database;
  events: EventPublisher;
  workers: SpecWorkerPool;
  maxBytes: number;
  /** the diff budget and cache (decision 306) */
  diff: { maxBytes: number; timeoutMs: number; cacheBytes: number };
}

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
};

export function createApiSpecsService({ db, events, workers, maxBytes, diff: budget }: ApiSpecsServiceDeps) {
  const consumers = createConsumers(db);
  const lifecycle = createLifecycle(db, events);

  async function requireComponent(componentId: string) {
    const component = await catalogLookup.findComponent(db, componentId);
    if (!component) throw new NotFound('Component not found');
    return component;
  }

  /** Validation and normalisation in a worker thread; 400 with the first problems and their JSON pointers. */
  async function analyse(text: string, declared?: SpecFormat) {
    if (Buffer.byteLength(text) > maxBytes) throw new SpecTooLarge(`spec is larger than API_SPEC_MAX_BYTES (${maxBytes} bytes)`);
    let result;
    try {
      result = await workers.analyse(text, declared);
    } catch (err) {
      if (err instanceof WorkerFailure) throw new Invalid(`spec could not be processed: ${err.message}`, [{ field: 'spec', problem: err.message }]);
      throw err;
    }
    if (!result.ok)
      throw new Invalid(
        result.message,
        result.problems.map((p) => ({ field: result.field, problem: `${p.pointer} ${p.message}` })),
      );
    return result;
  }

  /** The stored document, or (rows stored before documents were) analysed once now and kept. */
  async function documentOf(row: { id: string; document: string | null }, label: string): Promise<string> {
    if (row.document !== null) return row.document;
    const content = await repo.findContent(db, row.id);
    if (content === undefined) throw new NotFound(`${label} not found`);
    const result = await workers.analyse(content);
    if (!result.ok) throw new Invalid(`${label} is not a valid specification: ${result.message}`);
    await repo.saveDocument(db, row.id, result.document);
    return result.document;
  }

  const diffCache = new ByteBoundedCache<SerialisedDiff>(budget.cacheBytes, DIFF_CACHE_TTL_MS, diffBytes);
  // Concurrent requests for the same uncached pair share one computation.
  const inFlight = new Map<string, Promise<SerialisedDiff>>();

  async function compute(id: string, compareWith: string, format: SpecFormat): Promise<SerialisedDiff> {
    const [a, b] = await Promise.all([repo.findForDiff(db, compareWith), repo.findForDiff(db, id)]);
    if (!a) throw new NotFound('API spec to compare with not found');
    if (!b) throw new NotFound('API spec not found');
    const [oldDoc, newDoc] = await Promise.all([documentOf(a, 'API spec to compare with'), documentOf(b, 'API spec')]);
    if (oldDoc === newDoc) return EMPTY;
    let outcome;
    try {
      outcome = await workers.diff(format, oldDoc, newDoc, budget);
    } catch (err) {
      if (err instanceof WorkerTimeout)
        throw new DiffTooLarge(`the diff of these two versions takes longer than its budget (${budget.timeoutMs} ms): compare versions closer together`);
      if (err instanceof WorkerFailure && /shut down/.test(err.message)) throw new Unavailable('the specification workers are shutting down');
      if (err instanceof WorkerFailure) throw new DiffTooLarge('these two versions could not be compared within the diff budget');
      throw err;
    }
    if (!outcome.ok) throw new DiffTooLarge(`the diff of these two versions is too large to answer: ${outcome.tooLarge}; compare versions closer together`);
    return outcome.diff;
  }

  /**
   * The diff as JSON text (decision 306): computed and serialised in a worker, kept in a cache
   * bounded in bytes; here only a page is sliced out and the consumers appended.
   */
  async function diff(id: string, compareWith: string, page: { skip?: number; take?: number } = {}): Promise<string> {
    const [newer, older] = await Promise.all([repo.findDiffMeta(db, id), repo.findDiffMeta(db, compareWith)]);
    if (!newer) throw new NotFound('API spec not found');
    if (!older) throw new NotFound('API spec to compare with not found');
    if (newer.format !== older.format) {
      throw new Invalid(`Cannot compare an ${newer.format} spec with an ${older.format} spec`, [{ field: 'compareWith', problem: 'has another format' }]);
    }
    if (!DIFFABLE.has(newer.format))
      throw new Invalid(`Specs of format '${newer.format}' are stored as text and not compared`, [{ field: 'id', problem: 'not diffable' }]);
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
    const extra = result.breakingChanges > 0 ? `"affectedConsumers":${JSON.stringify(await consumers.affected(compareWith))}` : '';
    return diffAnswer(result, page.skip, page.take, extra);
  }

  return {
    async create(_caller: Caller, componentId: string, body: CreateApiSpecBody): Promise<ApiSpecSummary> {
      await requireComponent(componentId);
      if (typeof body.spec !== 'string' && deeperThan(body.spec, MAX_OBJECT_DEPTH)) {
        throw new Invalid(`spec nests deeper than ${MAX_OBJECT_DEPTH} levels`, [{ field: 'spec', problem: 'nests too deeply' }]);
      }
      const text = typeof body.spec === 'string' ? body.spec : JSON.stringify(body.spec);
      // The worker hashes and gzips the text besides analysing it: none of it on the event loop (decision 309).
      const analysed = await analyse(text, body.format);
      const row = await repo.insert(db, {
        componentId,
        name: body.name,
        version: body.version,
        format: analysed.format,
        spec: null,
        specGzip: Buffer.from(analysed.specGzip.buffer, analysed.specGzip.byteOffset, analysed.specGzip.byteLength),
        document: analysed.document,
        contentSha256: analysed.sha256,
        problems: analysed.problems,
        status: 'active',
      });
      return summary(row);
    },

    /**
     * The catalog's API entities: `spec.definition` of a component becomes a version of its spec
     * (named after the component). A new version is stored only when the content changed; its diff
     * against the previous version is computed at once (and cached). Formats other than openapi and
     * asyncapi are stored as text.
     */
    async registerFromCatalog(_caller: Caller, input: { componentId: string; format: string; content: string; version: string }) {
      const component = await requireComponent(input.componentId);
      const format = input.format.trim().toLowerCase() || 'openapi';
      const hash = sha256(input.content);
      const latest = await repo.findLatest(db, input.componentId, component.name);
      const latestHash = latest && (latest.contentSha256 ?? sha256((await repo.findContent(db, latest.id)) ?? ''));
      if (latest && latest.format === format && latestHash === hash) return { id: latest.id, created: false };
      let document: string | null = null;
      let specGzip: Buffer | null = null;
      let problems: { pointer: string; message: string }[] = [];
      if (DIFFABLE.has(format)) {
        const analysed = await analyse(input.content, format as SpecFormat);
        ({ document, problems } = analysed);
        specGzip = Buffer.from(analysed.specGzip.buffer, analysed.specGzip.byteOffset, analysed.specGzip.byteLength);
      } else if (Buffer.byteLength(input.content) > maxBytes) throw new SpecTooLarge(`spec is larger than API_SPEC_MAX_BYTES (${maxBytes} bytes)`);
      const row = await repo.insert(db, {
        componentId: input.componentId,
        name: component.name,
        version: input.version.slice(0, 100) || 'unversioned',
        format,
        // Analysed specs are stored gzip'd, other formats as text (decision 309).
        spec: specGzip ? null : input.content,
        specGzip,
        document,
        contentSha256: hash,
        problems,
        status: 'active',
      });
      if (latest && document !== null && latest.format === format) {
        // Warm the cache so the diff against the previous version answers at once; a failure only means a later, uncached diff.
        diff(row.id, latest.id).catch(() => undefined);
      }
      return { id: row.id, created: true };
    },

    async listForComponent(_caller: Caller, componentId: string): Promise<ApiSpecSummary[]> {
      await requireComponent(componentId);
      return (await repo.listByComponent(db, componentId)).map(summary);
    },

    async get(_caller: Caller, id: string): Promise<ApiSpec> {
      const row = await repo.findWithContent(db, id);
      if (!row) throw new NotFound('API spec not found');
      return row as ApiSpec;
    },

    updateLifecycle: (caller: Caller, id: string, body: UpdateApiSpecBody) => lifecycle.update(caller, id, body),

    async remove(_caller: Caller, id: string) {
      if (!(await repo.delete(db, id))) throw new NotFound('API spec not found');
    },

    /**
     * `id` is the NEW version, `compareWith` the OLD one: what `id` removed, added or changed, as the
     * JSON text of a SpecDiffResult (entries [skip, skip + take) when paged).
     */
    diff: (_caller: Caller, id: string, compareWith: string, page?: { skip?: number; take?: number }) => diff(id, compareWith, page),

    /** HTTP consumer registration: a duplicate is a 409. */
    registerConsumer: (caller: Caller, apiSpecId: string, body: ConsumerBody) => consumers.register(caller, apiSpecId, body),
    /** The catalog's consumer registration: idempotent. */
    addConsumer: (caller: Caller, specId: string, who: { componentId?: string; teamId?: string }) => consumers.ensure(caller, specId, who),
    listConsumers: (caller: Caller, apiSpecId: string) => consumers.list(caller, apiSpecId),
    removeConsumer: (caller: Caller, apiSpecId: string, consumerId: string) => consumers.remove(caller, apiSpecId, consumerId),

    async consumedBy(_caller: Caller, componentId: string): Promise<ApiSpecSummary[]> {
      const component = await requireComponent(componentId);
      return (await repo.listConsumedBy(db, componentId, component.teamId)).map(summary);
    },
  };
}

export type ApiSpecsService = ReturnType<typeof createApiSpecsService>;
