import type { Executor } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid } from '../../kernel/errors.js';
import { repoPath, walkTexts, type WalkResult } from './catalog.files.js';
import { emptyIngestResult, ingest, type IngestResult, type Sourced } from './catalog.ingest.js';
import { catalogRepository as repo, type ComponentRow } from './catalog.repository.js';
import { locationsStore, peopleStore, type LocationRow } from './catalog.store.js';

export type FileKey = { url: string; branch: string; path: string };
type WriteIn = (
  tx: Executor,
  caller: Caller,
  entities: Sourced[],
  location: LocationRow,
  orphans: { spared: string[] },
  takeOver: boolean,
) => Promise<IngestResult>;
/** One file's outcome inside the batch's transaction: what the per-file answer and the events are made of. */
export type FileWritten = { location: LocationRow; result: IngestResult; walk: WalkResult } | { failed: string };

const oneLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 500);
export const problemOf = (errors: { message: string }[]) =>
  errors.length ? `${errors.length} problem(s); first: ${errors[0]!.message}`.slice(0, 500) : null;
const keyOf = (k: FileKey) => `${k.url}\u0000${k.branch}\u0000${k.path}`;

/** One file's text walked as a location's start file, in memory (same rules as a clone's, decision 1031). */
export async function walkText(path: string, text: string, lifecycles: readonly string[]) {
  const normal = repoPath('', path);
  if (!normal)
    throw new Invalid('path must be a file path inside the repository', [
      { field: 'path', problem: 'leaves the repository' },
    ]);
  return walkTexts(new Map([[normal, text]]), [normal], lifecycles);
}

/**
 * What a file writes that another file of the same batch may also write: a clash inside one bulk
 * statement would fail the lot, so such a file is written on its own, after the batch (decision 1030).
 */
function claims(key: FileKey, walk: WalkResult): string[] {
  const out = [`location\u0000${keyOf(key)}`];
  for (const e of walk.entities) {
    out.push(`ref\u0000${e.ref}`);
    if (e.entity === 'component') out.push(`kind\u0000${e.input.kind}\u0000${e.input.namespace}\u0000${e.input.name}`);
    if (e.entity === 'group') out.push(`team\u0000${e.input.name}`);
  }
  return out;
}

/** Splits a batch's ingest result into each location's part (rows by the location they now belong to). */
function split(result: IngestResult, locationIds: string[]): Map<string, IngestResult> {
  const parts = new Map(locationIds.map((id): [string, IngestResult] => [id, emptyIngestResult()]));
  const rowsById = new Map<string, ComponentRow>();
  for (const list of ['created', 'updated', 'unchanged'] as const) {
    for (const row of result[list]) {
      rowsById.set(row.id, row);
      if (row.sourceLocationId) parts.get(row.sourceLocationId)?.[list].push(row);
    }
  }
  for (const { locationId, ...e } of result.errors) if (locationId) parts.get(locationId)?.errors.push(e);
  for (const d of result.definitions)
    parts.get(rowsById.get(d.componentId)?.sourceLocationId ?? '')?.definitions.push(d);
  for (const c of result.consumes) parts.get(rowsById.get(c.componentId)?.sourceLocationId ?? '')?.consumes.push(c);
  return parts;
}

type Item = { key: FileKey; walk: WalkResult | Error };

/** Files whose claims overlap no other file's of the page go together; the others alone (decision 1170). */
function partitionByClaims(items: Item[], live: number[]) {
  const claimed = new Set<string>();
  const together: number[] = [];
  const alone: number[] = [];
  for (const n of live) {
    const mine = claims(items[n]!.key, items[n]!.walk as WalkResult);
    if (mine.some((c) => claimed.has(c)) || new Set(mine).size !== mine.length) alone.push(n);
    else together.push(n);
    for (const c of mine) claimed.add(c);
  }
  return { together, alone };
}

/** The files going together, in one savepoint: one location upsert, one ingest, one refresh record. */
async function writeTogether(
  sp: Executor,
  caller: Caller,
  items: Item[],
  together: number[],
  known: Map<string, Awaited<ReturnType<typeof locationsStore.findByKeys>>[number]>,
) {
  const fresh = new Map(
    (
      await locationsStore.upsertMany(
        sp,
        together.filter((n) => !known.has(keyOf(items[n]!.key))).map((n) => items[n]!.key),
      )
    ).map((l) => [keyOf(l), l]),
  );
  const locations = together.map((n) => (known.get(keyOf(items[n]!.key)) ?? fresh.get(keyOf(items[n]!.key)))!);
  const walks = together.map((n) => items[n]!.walk as WalkResult);
  // A first registration takes entities over, as registerLocation does; a known location's refresh does not.
  const entities = together.flatMap((n, i) =>
    walks[i]!.entities.map((e) => ({
      ...e,
      location: { id: locations[i]!.id, takeOver: !known.has(keyOf(items[n]!.key)) },
    })),
  );
  const result = await ingest(sp, caller, entities, { locationId: null, takeOver: false });
  const marked: ComponentRow[] = [...result.linked];
  // Orphan marks, as writeIn's: only a location that held entities before can leave some behind.
  for (const [i, n] of together.entries()) {
    if (!known.has(keyOf(items[n]!.key))) continue;
    const seen = walks[i]!.entities.map((e) => e.ref);
    marked.push(...(await repo.markOrphans(sp, locations[i]!.id, seen, walks[i]!.failedFiles)));
    await peopleStore.markOrphans(sp, locations[i]!.id, seen, walks[i]!.failedFiles);
  }
  const parts = split(
    result,
    locations.map((l) => l.id),
  );
  await locationsStore.recordRefreshMany(
    sp,
    locations.map((l, i) => ({
      id: l.id,
      lastError: problemOf([...walks[i]!.errors, ...parts.get(l.id)!.errors]),
    })),
  );
  return { parts, locations, walks, marked };
}

/**
 * Writes the files of one discovery listing page (decisions 1017, 1030) in the caller's transaction.
 * The files that claim nothing another file of the page claims are written together: one location
 * upsert, one ingest (entities carrying their own location), one refresh record: a handful of
 * statements for the page instead of ~15 per file. The same ingest, orphan marks and errors as a
 * location written alone. If that batch fails as a whole (a fault, a clash the claims did not
 * foresee), its savepoint is rolled back and every file is written alone, each in its own savepoint,
 * so one file's failure stays that file's; so are files with shared claims.
 */
export async function writeFileBatch(
  tx: Executor,
  caller: Caller,
  items: Item[],
  writeIn: WriteIn,
): Promise<{ done: FileWritten[]; linked: ComponentRow[] }> {
  const done: FileWritten[] = items.map((i) =>
    i.walk instanceof Error ? { failed: oneLine(i.walk) } : { failed: '' },
  );
  const live = items.flatMap((i, n) => (i.walk instanceof Error ? [] : [n]));
  const known = new Map(
    (
      await locationsStore.findByKeys(
        tx,
        live.map((n) => items[n]!.key),
      )
    ).map((l) => [keyOf(l), l]),
  );
  const { together, alone } = partitionByClaims(items, live);
  const linked: ComponentRow[] = [];
  if (together.length) {
    try {
      const batch = await tx.transaction((sp) => writeTogether(sp, caller, items, together, known));
      for (const [i, n] of together.entries())
        done[n] = {
          location: batch.locations[i]!,
          result: batch.parts.get(batch.locations[i]!.id)!,
          walk: batch.walks[i]!,
        };
      linked.push(...batch.marked);
    } catch {
      alone.push(...together);
    }
  }
  // Alone, in the page's order: each file in its own savepoint, as a location refreshed by itself.
  for (const n of alone.sort((a, b) => a - b)) {
    const { key } = items[n]!;
    const walk = items[n]!.walk as WalkResult;
    try {
      done[n] = await tx.transaction(async (sp) => {
        const found = await locationsStore.findByKey(sp, key);
        const location = found ?? (await locationsStore.upsert(sp, key));
        const result = await writeIn(sp, caller, walk.entities, location, { spared: walk.failedFiles }, !found);
        await locationsStore.recordRefresh(sp, location.id, problemOf([...walk.errors, ...result.errors]));
        return { location, result, walk };
      });
    } catch (err) {
      done[n] = { failed: oneLine(err) };
    }
  }
  return { done, linked };
}
