import type { Database } from '../../db/client.js';
import type { EventPublisher } from '../../infra/events.js';
import type { Caller } from '../../kernel/caller.js';
import type { PermissionsService } from '../permissions/index.js';
import { NotFound } from '../../kernel/errors.js';
import { catalogLookup } from '../catalog/index.js';
import { refuseDeepSpec, sha256, specAnalyser, SpecTooLarge } from './api-specs.analyse.js';
import { createConsumers } from './api-specs.consumers.js';
import { apiSpecsRepository as repo, type ApiSpecSummaryRow } from './api-specs.repository.js';
import type { ConsumerBody, CreateApiSpecBody, SpecStatus, UpdateApiSpecBody } from './api-specs.schemas.js';
import { createDiffs, DIFFABLE_FORMATS } from './api-specs.diffs.js';
import { createLifecycle } from './api-specs.lifecycle.js';
import type { SpecFormat } from './spec/parse.js';
import type { SpecWorkerPool } from './spec/worker-pool.js';

export type ApiSpecSummary = Omit<ApiSpecSummaryRow, 'status'> & { status: SpecStatus };
export type ApiSpec = ApiSpecSummary & { spec: string };

// The status column is plain text; only this module writes it, with the enum values.
const summary = (row: ApiSpecSummaryRow) => row as ApiSpecSummary;
export interface ApiSpecsServiceDeps {
  db: Database;
  events: EventPublisher;
  workers: SpecWorkerPool;
  maxBytes: number;
  /** the diff budget and cache (decision 306) */
  diff: { maxBytes: number; timeoutMs: number; cacheBytes: number };
  /** The permission policy: members of the owning team write its specs (decision 951). */
  permissions: Pick<PermissionsService, 'require'>;
}

async function requireComponent(db: Database, componentId: string) {
  const component = await catalogLookup.findComponent(db, componentId);
  if (!component) throw new NotFound('Component not found');
  return component;
}

/** Specs' versions, reads and consumers, in three verb groups (decision 1170). */
export function createApiSpecsService(deps: ApiSpecsServiceDeps) {
  const consumers = createConsumers(deps.db);
  const lifecycle = createLifecycle(deps.db, deps.events);
  const diffs = createDiffs({ db: deps.db, workers: deps.workers, budget: deps.diff, consumers });
  return {
    ...specVersionVerbs(deps, diffs),
    ...specReadVerbs(deps, lifecycle, diffs),
    ...consumerVerbs(deps, consumers),
  };
}

function specVersionVerbs(
  { db, workers, maxBytes, permissions }: ApiSpecsServiceDeps,
  diffs: ReturnType<typeof createDiffs>,
) {
  const analyse = specAnalyser(workers, maxBytes);
  return {
    async create(caller: Caller, componentId: string, body: CreateApiSpecBody): Promise<ApiSpecSummary> {
      await requireComponent(db, componentId);
      await permissions.require(caller, 'apiSpec.write', componentId);
      refuseDeepSpec(body.spec);
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
    async registerFromCatalog(
      _caller: Caller,
      input: { componentId: string; format: string; content: string; version: string },
    ) {
      const component = await requireComponent(db, input.componentId);
      const format = input.format.trim().toLowerCase() || 'openapi';
      const hash = sha256(input.content);
      const latest = await repo.findLatest(db, input.componentId, component.name);
      const latestHash = latest && (latest.contentSha256 ?? sha256((await repo.findContent(db, latest.id)) ?? ''));
      if (latest && latest.format === format && latestHash === hash) return { id: latest.id, created: false };
      let document: string | null = null;
      let specGzip: Buffer | null = null;
      let problems: { pointer: string; message: string }[] = [];
      if (DIFFABLE_FORMATS.has(format)) {
        const analysed = await analyse(input.content, format as SpecFormat);
        ({ document, problems } = analysed);
        specGzip = Buffer.from(analysed.specGzip.buffer, analysed.specGzip.byteOffset, analysed.specGzip.byteLength);
      } else if (Buffer.byteLength(input.content) > maxBytes)
        throw new SpecTooLarge(`spec is larger than API_SPEC_MAX_BYTES (${maxBytes} bytes)`);
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
        diffs.diff(row.id, latest.id).catch(() => undefined);
      }
      return { id: row.id, created: true };
    },
  };
}

function specReadVerbs(
  { db, permissions }: ApiSpecsServiceDeps,
  lifecycle: ReturnType<typeof createLifecycle>,
  diffs: ReturnType<typeof createDiffs>,
) {
  return {
    async listForComponent(_caller: Caller, componentId: string): Promise<ApiSpecSummary[]> {
      await requireComponent(db, componentId);
      return (await repo.listByComponent(db, componentId)).map(summary);
    },

    async get(_caller: Caller, id: string): Promise<ApiSpec> {
      const row = await repo.findWithContent(db, id);
      if (!row) throw new NotFound('API spec not found');
      return row as ApiSpec;
    },

    async updateLifecycle(caller: Caller, id: string, body: UpdateApiSpecBody) {
      await permissions.require(caller, 'apiSpec.write', id, { via: 'apiSpec' });
      return lifecycle.update(caller, id, body);
    },

    async remove(caller: Caller, id: string) {
      await permissions.require(caller, 'apiSpec.write', id, { via: 'apiSpec' });
      if (!(await repo.delete(db, id))) throw new NotFound('API spec not found');
    },

    /**
     * `id` is the NEW version, `compareWith` the OLD one: what `id` removed, added or changed, as the
     * JSON text of a SpecDiffResult (entries [skip, skip + take) when paged).
     */
    diff: (_caller: Caller, id: string, compareWith: string, page?: { skip?: number; take?: number }) =>
      diffs.diff(id, compareWith, page),

    /** Every operation one entry of the diff reaches, paged (decision 800): see api-specs.diffs.ts. */
    reaches: (_caller: Caller, id: string, compareWith: string, q: { entry: number; skip: number; take: number }) =>
      diffs.reaches(id, compareWith, q),
  };
}

function consumerVerbs({ db, permissions }: ApiSpecsServiceDeps, consumers: ReturnType<typeof createConsumers>) {
  return {
    /** HTTP consumer registration: a duplicate is a 409. */
    async registerConsumer(caller: Caller, apiSpecId: string, body: ConsumerBody) {
      await permissions.require(caller, 'apiSpec.write', apiSpecId, { via: 'apiSpec' });
      return consumers.register(caller, apiSpecId, body);
    },
    /** The catalog's consumer registration: idempotent. */
    addConsumer: (caller: Caller, specId: string, who: { componentId?: string; teamId?: string }) =>
      consumers.ensure(caller, specId, who),
    listConsumers: (caller: Caller, apiSpecId: string) => consumers.list(caller, apiSpecId),
    removeConsumer: (caller: Caller, apiSpecId: string, consumerId: string) =>
      consumers.remove(caller, apiSpecId, consumerId),

    async consumedBy(_caller: Caller, componentId: string): Promise<ApiSpecSummary[]> {
      const component = await requireComponent(db, componentId);
      return (await repo.listConsumedBy(db, componentId, component.teamId)).map(summary);
    },
  };
}

export type ApiSpecsService = ReturnType<typeof createApiSpecsService>;
