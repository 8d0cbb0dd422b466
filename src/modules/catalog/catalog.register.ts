import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Infrastructure } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { withTempDir } from '../../infra/temp-dir.js';
import { GitError, type Git } from '../../integrations/git/git.port.js';
import type { Caller } from '../../kernel/caller.js';
import { Conflict, Invalid, NotFound } from '../../kernel/errors.js';
import { pageOf, type PageQuery } from '../../kernel/pagination.js';
import { syncApiSpecs, type CatalogApiSpecsPort } from './catalog.apis.js';
import { EntityError, readEntity } from './catalog.entities.js';
import type { LocationBody } from './catalog.entities.schemas.js';
import { assertStartFile, findDescriptorFiles, repoPath, walkLocation, type FileError, type Skip } from './catalog.files.js';
import { ingest, type IngestResult, type Sourced } from './catalog.ingest.js';
import { catalogRepository as repo } from './catalog.repository.js';
import type { ComponentsService } from './catalog.service.js';
import { locationsStore, peopleStore, type LocationRow } from './catalog.store.js';
import { toComponent, toLocation } from './catalog.view.js';
import { parseYamlDocuments } from './catalog.yaml.js';

export type RegisterDeps = Pick<Infrastructure, 'db' | 'config' | 'log'> & { git: Git; apiSpecs: CatalogApiSpecsPort; components: ComponentsService };

/** The short commit id of a fresh clone, read from `.git` (no extra git call). */
async function headCommit(dir: string): Promise<string | null> {
  try {
    const head = (await readFile(join(dir, '.git', 'HEAD'), 'utf8')).trim();
    if (!head.startsWith('ref: ')) return head.slice(0, 7) || null;
    const ref = head.slice(5);
    const loose = await readFile(join(dir, '.git', ref), 'utf8').catch(() => undefined);
    if (loose) return loose.trim().slice(0, 7);
    const packed = await readFile(join(dir, '.git', 'packed-refs'), 'utf8').catch(() => '');
    const line = packed.split('\n').find((l) => l.endsWith(` ${ref}`));
    return line ? line.slice(0, 7) : null;
  } catch {
    return null;
  }
}

const oneLine = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 500);
const problemOf = (errors: { message: string }[]) => (errors.length ? `${errors.length} problem(s); first: ${errors[0]!.message}`.slice(0, 500) : null);

export function createRegisterService({ db, git, config, apiSpecs, log, components }: RegisterDeps) {
  const lifecycles = config.catalog.lifecycles;

  /** Writes a batch in one transaction, then invalidates, emits and hands API definitions over. */
  async function write(
    caller: Caller,
    entities: Sourced[],
    location: LocationRow | null,
    commit: string | null,
    orphans?: { spared: string[] },
    takeOver = true,
  ) {
    const result: IngestResult = await db.transaction((tx) => writeIn(tx, caller, entities, location, orphans, takeOver));
    await components.committed({ created: result.created.map(toComponent), updated: [...result.updated, ...result.linked].map(toComponent) });
    return afterWrite(caller, entities, result, commit);
  }

  /** The transaction's part of a write: ingest, then the location's orphan marks. */
  async function writeIn(tx: Executor, caller: Caller, entities: Sourced[], location: LocationRow | null, orphans?: { spared: string[] }, takeOver = true) {
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

  /** Clones and reads a location; a clone failure is a 400 with git's reason in one line. */
  async function readLocation(loc: { url: string; branch: string; path: string }, signal?: AbortSignal) {
    // The URL policy (scheme, local paths, private addresses after DNS) answers 400 before any clone.
    await git.checkUrl(loc.url);
    return withTempDir('catalog', async (dir) => {
      try {
        await git.shallowClone(loc.url, dir, loc.branch || undefined, { signal });
      } catch (err) {
        if (err instanceof GitError) throw new Invalid(`Could not clone repository: ${err.reason.replace(/\s+/g, ' ').trim()}`);
        throw err;
      }
      const start = loc.path ? [await assertStartFile(dir, loc.path)] : await findDescriptorFiles(dir);
      return { walk: await walkLocation(dir, start, lifecycles), commit: await headCommit(dir) };
    });
  }

  async function refresh(caller: Caller, location: LocationRow, signal?: AbortSignal) {
    const { walk, commit } = await readLocation(location, signal);
    const written = await write(caller, walk.entities, location, commit, { spared: walk.failedFiles }, false);
    const errors = [...walk.errors, ...written.errors];
    await locationsStore.recordRefresh(db, location.id, errors.length ? `${errors.length} problem(s); first: ${errors[0]!.message}`.slice(0, 500) : null);
    return { ...written, skipped: walk.skipped, errors, files: walk.files };
  }

  /** One file's text read as a location's start file (same rules as a clone's); targets elsewhere in the repository are not fetched. */
  async function walkText(path: string, text: string) {
    return withTempDir('catalog-file', async (dir) => {
      const normal = repoPath('', path);
      if (!normal) throw new Invalid('path must be a file path inside the repository', [{ field: 'path', problem: 'leaves the repository' }]);
      await mkdir(dirname(join(dir, normal)), { recursive: true });
      await writeFile(join(dir, normal), text);
      return walkLocation(dir, [normal], lifecycles);
    });
  }

  return {
    /**
     * Registers locations from files' texts read through a provider's API (discovery, decisions 1014,
     * 1017): each location is `(repository URL, branch, path)`, with the same validation, relations and
     * orphan marks as a cloned one; a first registration takes entities over as `registerLocation` does.
     * A batch (one listing page) is one transaction with a savepoint per file, so one bad file is that
     * file's error; caches and events follow once per batch, not once per file.
     */
    async registerFileLocations(caller: Caller, items: { key: { url: string; branch: string; path: string }; text: string }[]) {
      const walks = await Promise.all(items.map((i) => walkText(i.key.path, i.text).catch((err: unknown) => err as Error)));
      const done: ({ location: LocationRow; result: IngestResult; walk: Awaited<ReturnType<typeof walkText>> } | { failed: string })[] = [];
      await db.transaction(async (tx) => {
        for (const [n, item] of items.entries()) {
          const walk = walks[n]!;
          if (walk instanceof Error) {
            done.push({ failed: oneLine(walk) });
            continue;
          }
          try {
            done.push(
              await tx.transaction(async (sp) => {
                const known = await locationsStore.findByKey(sp, item.key);
                const location = known ?? (await locationsStore.upsert(sp, item.key));
                const result = await writeIn(sp, caller, walk.entities, location, { spared: walk.failedFiles }, !known);
                const errors = [...walk.errors, ...result.errors];
                await locationsStore.recordRefresh(sp, location.id, problemOf(errors));
                return { location, result, walk };
              }),
            );
          } catch (err) {
            done.push({ failed: oneLine(err) });
          }
        }
      });
      const results = done.flatMap((d) => ('result' in d ? [d.result] : []));
      await components.committed({
        created: results.flatMap((r) => r.created.map(toComponent)),
        updated: results.flatMap((r) => [...r.updated, ...r.linked].map(toComponent)),
      });
      return Promise.all(
        done.map(async (d) => {
          if ('failed' in d) return { failed: d.failed };
          const written = await afterWrite(caller, d.walk.entities, d.result, null);
          const errors = [...d.walk.errors, ...written.errors];
          if (written.errors.length > d.result.errors.length) await locationsStore.recordRefresh(db, d.location.id, problemOf(errors));
          return { ...written, errors, location: toLocation(d.location) };
        }),
      );
    },

    /**
     * Removes a location and the components and people read from it (discovery's repository gone,
     * archived or without its file: Backstage's provider removal, decision 1014). Groups stay (teams).
     */
    async retireLocation(_caller: Caller, id: string) {
      const removed = await db.transaction(async (tx) => {
        const rows = await repo.deleteOfLocation(tx, id);
        await peopleStore.deleteOfLocation(tx, id);
        await locationsStore.delete(tx, id);
        return rows;
      });
      if (removed.length) await components.committed({ deleted: removed.map(toComponent) });
      return removed.length;
    },

    async registerYaml(caller: Caller, yaml: string) {
      const documents = parseYamlDocuments(yaml);
      if (documents.length === 0) throw new Invalid('yaml holds no descriptor');
      const entities: Sourced[] = [];
      const skipped: Skip[] = [];
      const warnings: FileError[] = [];
      const declared = new Map<string, number>();
      for (const doc of documents) {
        if (doc.error !== undefined) throw new Invalid(`document ${doc.document}: ${doc.error}`);
        let parsed;
        try {
          parsed = await readEntity(doc.value, doc.document, { lifecycles });
        } catch (err) {
          if (err instanceof EntityError) throw new Invalid(`document ${doc.document}: ${err.message}`);
          throw err;
        }
        if (parsed.entity === 'skipped') {
          skipped.push({ document: doc.document, kind: parsed.kind, name: parsed.name, reason: parsed.reason });
          continue;
        }
        if (parsed.entity === 'location') {
          skipped.push({
            document: doc.document,
            kind: 'Location',
            name: parsed.ref.slice(parsed.ref.indexOf('/') + 1),
            reason: 'Location targets are followed by POST /api/v1/catalog/locations',
          });
          continue;
        }
        const first = declared.get(parsed.ref);
        if (first) throw new Invalid(`document ${doc.document}: ${parsed.ref} is already declared by document ${first}`);
        declared.set(parsed.ref, doc.document);
        for (const w of parsed.warnings) warnings.push({ file: null, document: doc.document, message: w });
        entities.push({ ...parsed, file: null });
      }
      const written = entities.length
        ? await write(caller, entities, null, null)
        : { created: [], updated: [], unchanged: [], teams: [], people: [], errors: [] };
      return { ...written, skipped, errors: [...warnings, ...written.errors] };
    },

    async registerLocation(caller: Caller, body: LocationBody) {
      const key = { url: body.url, branch: body.branch ?? '', path: body.path ?? '' };
      // Read first: an unreachable repository or a bad start path stores nothing.
      const { walk, commit } = await readLocation(key);
      const location = await locationsStore.upsert(db, key);
      const written = await write(caller, walk.entities, location, commit, { spared: walk.failedFiles });
      const errors = [...walk.errors, ...written.errors];
      await locationsStore.recordRefresh(db, location.id, errors.length ? `${errors.length} problem(s); first: ${errors[0]!.message}`.slice(0, 500) : null);
      const stored = (await locationsStore.find(db, location.id)) ?? location;
      return { ...written, skipped: walk.skipped, errors, files: walk.files, location: toLocation(stored) };
    },

    async listLocations(_caller: Caller, q: PageQuery) {
      const { data, total } = await locationsStore.page(db, q.skip, q.take);
      return pageOf(data.map(toLocation), total, q);
    },

    async getLocation(_caller: Caller, id: string) {
      const row = await locationsStore.find(db, id);
      if (!row) throw new NotFound('Location not found');
      return toLocation(row);
    },

    /** Entities read from it are kept (with no source); nothing is orphaned by a delete. */
    async deleteLocation(_caller: Caller, id: string) {
      if (!(await locationsStore.delete(db, id))) throw new NotFound('Location not found');
      await components.committed({});
    },

    /** Re-reads every stored location (the scheduled job); one failing location never stops the others. */
    async refreshAll(caller: Caller, signal?: AbortSignal) {
      let refreshed = 0;
      for (const location of await locationsStore.all(db)) {
        if (signal?.aborted) break;
        try {
          await refresh(caller, location, signal);
          refreshed++;
        } catch (err) {
          const message = (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 500);
          await locationsStore.recordRefresh(db, location.id, message);
          log.warn({ locationId: location.id, err: message }, 'catalog location refresh failed');
        }
      }
      return refreshed;
    },

    /**
     * Re-reads one location now (the portal's "Refresh", decision 781). A failure (e.g. the repository
     * is gone) is recorded as the location's `lastError`, like the scheduled pass, and answered as 400.
     */
    async refreshLocation(caller: Caller, id: string) {
      const location = await locationsStore.find(db, id);
      if (!location) throw new NotFound('Location not found');
      try {
        const result = await refresh(caller, location);
        const stored = (await locationsStore.find(db, id)) ?? location;
        return { ...result, location: toLocation(stored) };
      } catch (err) {
        if (err instanceof Invalid) await locationsStore.recordRefresh(db, id, err.message.split('\n')[0]!.slice(0, 500));
        throw err;
      }
    },
  };
}

export type RegisterService = ReturnType<typeof createRegisterService>;
