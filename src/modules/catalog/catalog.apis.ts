import type { Executor } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { definitionDigest, type IngestResult } from './catalog.ingest.js';
import { catalogRepository as repo } from './catalog.repository.js';
import type { FileError } from './catalog.files.js';
import { relationsStore } from './catalog.store.js';

/**
 * What the catalog needs from the api-specs module (handed in by the composition root): an API
 * entity's definition becomes a spec version of its component, and `consumesApis` registers the
 * consuming component on the API's latest spec. Both are idempotent on the api-specs side.
 */
export interface CatalogApiSpecsPort {
  registerFromCatalog(
    caller: Caller,
    input: { componentId: string; format: string; content: string; version: string },
  ): Promise<{ id: string; created: boolean }>;
  listForComponent(caller: Caller, componentId: string): Promise<{ id: string; createdAt: Date | string }[]>;
  addConsumer(caller: Caller, specId: string, who: { componentId?: string; teamId?: string }): Promise<unknown>;
}

/** `componentId` registered as a consumer of the latest spec of the API component (none yet: nothing to do). */
async function consume(specs: CatalogApiSpecsPort, caller: Caller, apiComponentId: string, componentId: string) {
  const list = await specs.listForComponent(caller, apiComponentId);
  const latest = list.reduce<(typeof list)[number] | undefined>(
    (a, b) => (!a || new Date(b.createdAt) >= new Date(a.createdAt) ? b : a),
    undefined,
  );
  if (latest) await specs.addConsumer(caller, latest.id, { componentId });
}

async function inParallel<T>(items: T[], limit: number, fn: (item: T) => Promise<unknown>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const oneLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 400);

/**
 * After the registration committed: hands changed API definitions to the api-specs module and
 * registers consumers. Failures (an invalid spec) become `errors` entries: the entity stays stored.
 */
export async function syncApiSpecs(
  ctx: { db: Executor; apiSpecs: CatalogApiSpecsPort },
  caller: Caller,
  result: Pick<IngestResult, 'definitions' | 'consumes'>,
  where: Map<string, { file: string | null; document: number }>,
  commit: string | null,
): Promise<FileError[]> {
  const errors: FileError[] = [];
  if (result.definitions.length === 0 && result.consumes.length === 0) return errors;
  const specs = ctx.apiSpecs;
  // Independent per API: a few at a time (each is a handful of queries in the api-specs module).
  await inParallel(result.definitions, 8, async (d) => {
    const hash = definitionDigest(d.definition);
    if (hash === d.definitionHash) return;
    const at = where.get(d.ref);
    const version = d.definition.version ?? commit ?? hash.slice(0, 7);
    try {
      await specs.registerFromCatalog(caller, {
        componentId: d.componentId,
        format: d.definition.format,
        content: d.definition.content,
        version,
      });
      await repo.setDefinitionHash(ctx.db, d.componentId, hash);
      // Consumers declared before this API arrived are registered now.
      for (const e of await relationsStore.targets(ctx.db, [d.ref], 'apiConsumedBy')) {
        const consumer = await repo.findByRef(ctx.db, e.target);
        if (consumer) result.consumes.push({ componentId: consumer.id, apiRef: d.ref });
      }
    } catch (err) {
      errors.push({
        file: at?.file ?? null,
        document: at?.document ?? null,
        message: `${d.ref}: the API definition was not stored: ${oneLine(err)}`,
      });
    }
  });
  if (result.consumes.length) {
    const apis = new Map(
      (await repo.findByRefs(ctx.db, [...new Set(result.consumes.map((c) => c.apiRef))])).map((r) => [r.ref, r.id]),
    );
    // An API not registered yet: resolved when it arrives (its registration links its consumers).
    const pending = result.consumes.filter((c) => apis.has(c.apiRef));
    await inParallel(pending, 8, (c) =>
      consume(specs, caller, apis.get(c.apiRef)!, c.componentId).catch(() => undefined),
    );
  }
  return errors;
}
