import type { Caller } from '../../kernel/caller.js';
import type { CatalogApiSpecsPort } from './catalog.apis.js';
import { createLocationsService, type LocationsDeps } from './catalog.locations.js';
import { problemOf, walkText, writeFileBatch, type FileKey } from './catalog.register-files.js';
import { refuseAny, refusalsOf, requireAdminOrTeamRole } from './catalog.register-permissions.js';
import { createCatalogWriter } from './catalog.register-write.js';
import { readYamlDocuments } from './catalog.register-yaml.js';
import { catalogRepository as repo } from './catalog.repository.js';
import { locationsStore, peopleStore } from './catalog.store.js';
import { toComponent, toLocation } from './catalog.view.js';

export type RegisterDeps = LocationsDeps & { apiSpecs: CatalogApiSpecsPort };

/** Registration: files read through a provider's API (discovery), register-yaml, and cloned locations. */
export function createRegisterService(deps: RegisterDeps) {
  const { db, config, components, permissions } = deps;
  const lifecycles = config.catalog.lifecycles;
  const writer = createCatalogWriter(deps);
  const { write, writeIn, afterWrite } = writer;

  return {
    ...createLocationsService(deps, writer),

    /**
     * Registers locations from files' texts read through a provider's API (discovery, decisions 1014,
     * 1017): each location is `(repository URL, branch, path)`, with the same validation, relations and
     * orphan marks as a cloned one; a first registration takes entities over as `registerLocation` does.
     * A batch (one listing page) is one transaction: the files written together in a few bulk
     * statements, falling back to a savepoint per file, so one bad file is that file's error
     * (decision 1030); caches and events follow once per batch, not once per file.
     */
    async registerFileLocations(caller: Caller, items: { key: FileKey; text: string }[]) {
      const walks = await Promise.all(
        items.map((i) => walkText(i.key.path, i.text, lifecycles).catch((err: unknown) => err as Error)),
      );
      const { done, linked } = await db.transaction((tx) =>
        writeFileBatch(
          tx,
          caller,
          items.map((i, n) => ({ key: i.key, walk: walks[n]! })),
          writeIn,
        ),
      );
      const results = done.flatMap((d) => ('result' in d ? [d.result] : []));
      await components.committed({
        created: results.flatMap((r) => r.created.map(toComponent)),
        updated: [...results.flatMap((r) => [...r.updated, ...r.linked]), ...linked].map(toComponent),
      });
      return Promise.all(
        done.map(async (d) => {
          if ('failed' in d) return { failed: d.failed };
          const written = await afterWrite(caller, d.walk.entities, d.result, null);
          const errors = [...d.walk.errors, ...written.errors];
          if (written.errors.length > d.result.errors.length)
            await locationsStore.recordRefresh(db, d.location.id, problemOf(errors));
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
      await requireAdminOrTeamRole(permissions, caller);
      const { entities, skipped, warnings } = await readYamlDocuments(yaml, lifecycles);
      // All or nothing, as the rest of register-yaml: one refused document refuses the lot (decision 1061).
      refuseAny((await refusalsOf(db, permissions, caller, entities)).refused);
      const written = entities.length
        ? await write(caller, entities, null, null)
        : { created: [], updated: [], unchanged: [], teams: [], people: [], errors: [] };
      return { ...written, skipped, errors: [...warnings, ...written.errors] };
    },
  };
}

export type RegisterService = ReturnType<typeof createRegisterService>;
