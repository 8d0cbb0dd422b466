import type { Executor } from '../../db/client.js';
import type { Infrastructure } from '../../context.js';
import type { Caller } from '../../kernel/caller.js';
import { Conflict } from '../../kernel/errors.js';
import { syncApiSpecs, type CatalogApiSpecsPort } from './catalog.apis.js';
import type { FileError } from './catalog.files.js';
import { ingest, type IngestResult, type Sourced } from './catalog.ingest.js';
import { catalogRepository as repo } from './catalog.repository.js';
import type { ComponentsService } from './catalog.service.js';
import { peopleStore, type LocationRow } from './catalog.store.js';
import { toComponent } from './catalog.view.js';

export type CatalogWriterDeps = Pick<Infrastructure, 'db'> & {
  apiSpecs: CatalogApiSpecsPort;
  components: ComponentsService;
};

/** How every registration writes: ingest in one transaction, then caches, events and API definitions. */
export function createCatalogWriter({ db, apiSpecs, components }: CatalogWriterDeps) {
  /** Writes a batch in one transaction, then invalidates, emits and hands API definitions over. */
  async function write(
    caller: Caller,
    entities: Sourced[],
    location: LocationRow | null,
    commit: string | null,
    orphans?: { spared: string[] },
    takeOver = true,
  ) {
    const result: IngestResult = await db.transaction((tx) =>
      writeIn(tx, caller, entities, location, orphans, takeOver),
    );
    await components.committed({
      created: result.created.map(toComponent),
      updated: [...result.updated, ...result.linked].map(toComponent),
    });
    return afterWrite(caller, entities, result, commit);
  }

  /** The transaction's part of a write: ingest, then the location's orphan marks. */
  async function writeIn(
    tx: Executor,
    caller: Caller,
    entities: Sourced[],
    location: LocationRow | null,
    orphans?: { spared: string[] },
    takeOver = true,
  ) {
    const r = await ingest(tx, caller, entities, { locationId: location?.id ?? null, takeOver });
    // register-yaml is all or nothing: a clash refuses the lot.
    if (!location && r.errors.length) throw new Conflict(`document ${r.errors[0]!.document}: ${r.errors[0]!.message}`);
    if (location && orphans) {
      const seen = entities.map((e) => e.ref);
      r.linked.push(...(await repo.markOrphans(tx, location.id, seen, orphans.spared)));
      await peopleStore.markOrphans(tx, location.id, seen, orphans.spared);
    }
    return r;
  }

  /** After the commit: API definitions are handed over; the answer's shape. */
  async function afterWrite(caller: Caller, entities: Sourced[], result: IngestResult, commit: string | null) {
    const where = new Map(entities.map((e) => [e.ref, { file: e.file, document: e.document }]));
    const apiErrors = await syncApiSpecs({ db, apiSpecs }, caller, result, where, commit);
    return {
      created: result.created.map(toComponent),
      updated: result.updated.map(toComponent),
      unchanged: result.unchanged.map(toComponent),
      teams: result.teams,
      people: result.people,
      errors: [...result.errors, ...apiErrors] as FileError[],
    };
  }

  return { write, writeIn, afterWrite };
}

export type CatalogWriter = ReturnType<typeof createCatalogWriter>;
