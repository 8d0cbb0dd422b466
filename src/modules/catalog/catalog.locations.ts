import { withTempDir } from '../../infra/temp-dir.js';
import { GitError, type Git } from '../../integrations/git/git.port.js';
import type { Caller } from '../../kernel/caller.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { pageOf, type PageQuery } from '../../kernel/pagination.js';
import type { LocationBody } from './catalog.entities.schemas.js';
import { assertStartFile, findDescriptorFiles, headCommit, walkLocation } from './catalog.files.js';
import { problemOf } from './catalog.register-files.js';
import {
  refusalsOf,
  refuseAny,
  requireAdminOrTeamRole,
  withoutRefused,
  type RegisterPermissionsPort,
} from './catalog.register-permissions.js';
import type { CatalogWriter } from './catalog.register-write.js';
import type { Infrastructure } from '../../context.js';
import type { ComponentsService } from './catalog.service.js';
import { locationsStore, type LocationRow } from './catalog.store.js';
import { toLocation } from './catalog.view.js';

export type LocationsDeps = Pick<Infrastructure, 'db' | 'config' | 'log'> & {
  git: Git;
  components: ComponentsService;
  /** Registration asks the one policy before it writes (decision 1060). */
  permissions: RegisterPermissionsPort;
};

/** Locations cloned from git: registered, listed, refreshed (one now or all on the schedule) and deleted. */
export function createLocationsService(
  { db, git, config, log, components, permissions }: LocationsDeps,
  { write }: CatalogWriter,
) {
  const lifecycles = config.catalog.lifecycles;

  const readLocation = (loc: LocationKey, signal?: AbortSignal) => cloneLocation(git, lifecycles, loc, signal);

  async function refresh(caller: Caller, location: LocationRow, signal?: AbortSignal) {
    const { walk, commit } = await readLocation(location, signal);
    // A location a person without the admin role registered writes only what that person may, now
    // (decision 1062): a refused document is that document's error, and its file is spared orphan marks.
    const { refused } = location.registeredBy
      ? await refusalsOf(db, permissions, caller, walk.entities, location.registeredBy)
      : { refused: [] };
    const kept = withoutRefused(walk, refused);
    const written = await write(caller, kept.entities, location, commit, { spared: kept.spared }, false);
    const errors = [...walk.errors, ...kept.errors, ...written.errors];
    await locationsStore.recordRefresh(db, location.id, problemOf(errors));
    return { ...written, skipped: walk.skipped, errors, files: walk.files };
  }

  return {
    /**
     * `onBehalfOf`: the person the registration is for when the caller is the system (a scaffold's
     * requester, decision 1063); their rights decide, and the location keeps writing only what they may.
     */
    async registerLocation(caller: Caller, body: LocationBody, { onBehalfOf }: { onBehalfOf?: string } = {}) {
      if (!onBehalfOf) await requireAdminOrTeamRole(permissions, caller);
      const key = { url: body.url, branch: body.branch ?? '', path: body.path ?? '' };
      // Read first: an unreachable repository or a bad start path stores nothing.
      const { walk, commit } = await readLocation(key);
      // Every entity it names must be allowed before anything is stored (decision 1061).
      const { admin, refused } = await refusalsOf(db, permissions, caller, walk.entities, onBehalfOf);
      refuseAny(refused);
      const location = await locationsStore.upsert(db, key, admin ? null : (onBehalfOf ?? caller.actor.userId));
      const written = await write(caller, walk.entities, location, commit, { spared: walk.failedFiles });
      const errors = [...walk.errors, ...written.errors];
      await locationsStore.recordRefresh(db, location.id, problemOf(errors));
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
        if (err instanceof Invalid)
          await locationsStore.recordRefresh(db, id, err.message.split('\n')[0]!.slice(0, 500));
        throw err;
      }
    },
  };
}

type LocationKey = { url: string; branch: string; path: string };

/** Clones and reads a location; a clone failure is a 400 with git's reason in one line. */
async function cloneLocation(git: Git, lifecycles: readonly string[], loc: LocationKey, signal?: AbortSignal) {
  // The URL policy (scheme, local paths, private addresses after DNS) answers 400 before any clone.
  await git.checkUrl(loc.url);
  return withTempDir('catalog', async (dir) => {
    try {
      await git.shallowClone(loc.url, dir, loc.branch || undefined, { signal });
    } catch (err) {
      if (err instanceof GitError)
        throw new Invalid(`Could not clone repository: ${err.reason.replace(/\s+/g, ' ').trim()}`);
      throw err;
    }
    const start = loc.path ? [await assertStartFile(dir, loc.path)] : await findDescriptorFiles(dir);
    return { walk: await walkLocation(dir, start, lifecycles), commit: await headCommit(dir) };
  });
}
