import type { Infrastructure } from '../../context.js';
import type { Caller } from '../../kernel/caller.js';
import { NotFound } from '../../kernel/errors.js';
import { pageMemo, pageOf, type PageResult } from '../../kernel/pagination.js';
import { teamsLookup } from '../teams/index.js';
import { loadCatalogModel } from './catalog.model.js';
import { componentEvent } from './catalog.events.js';
import { filterOf } from './catalog.filter.js';
import { CATALOG_CACHE_NS } from './catalog.lookup.js';
import { compactFacetCounts, countComponents } from './catalog.facet-counts.js';
import { catalogRepository as repo, type ComponentRow } from './catalog.repository.js';
import type { Component, ListComponentsQuery } from './catalog.schemas.js';
import { toComponent } from './catalog.view.js';
import { entityPermissionsDecorator, type CatalogPermissionsPort } from './catalog.permissions.js';
import { componentWrites } from './catalog.writes.js';

/** How long after a catalog write its facet-count deltas are folded (a burst of writes shares one fold). */
const FOLD_DELAY_MS = 10_000;

export type CatalogDeps = Pick<Infrastructure, 'db' | 'cache' | 'events' | 'config' | 'jobs' | 'log'> & {
  /** The permission policy every write asks (decision 951). */
  permissions: CatalogPermissionsPort;
};

/** Components: reads through the cache, writes in catalog.writes.ts, the team links; every commit ends in `committed`. */
export function createComponentsService(deps: CatalogDeps) {
  const { db, cache, events, config, jobs, log, permissions } = deps;
  const withPermissions = entityPermissionsDecorator(permissions);
  const ttl = config.cacheTtlS;
  // A cached page keeps its identity, so the route answers it without serialising it again.
  const samePage = pageMemo<Component>();

  /** After a commit: drop every cached list and get, fold the facet-count deltas soon, then tell the clients. */
  async function committed(changes: { created?: Component[]; updated?: Component[]; deleted?: Component[] }) {
    await cache.invalidate(CATALOG_CACHE_NS);
    // One fold per burst of writes (the job's key makes a waiting one absorb the next; decision 181).
    await jobs
      .enqueue('catalog.compact-facet-counts', {}, { delayMs: FOLD_DELAY_MS })
      .catch((err) => log.warn({ err }, 'could not queue the facet-count fold; the scheduled one will do it'));
    for (const c of changes.created ?? []) events.emit('component.created', componentEvent(c));
    for (const c of changes.updated ?? []) events.emit('component.updated', componentEvent(c));
    for (const c of changes.deleted ?? []) events.emit('component.deleted', componentEvent(c));
  }

  async function changeRows(rows: ComponentRow[]) {
    if (rows.length) await committed({ updated: rows.map(toComponent) });
    return rows.length;
  }

  return {
    /** The list's query as a repository filter (null: matches nothing); the facets use it too. */
    listFilter: filterOf,

    async list(caller: Caller, q: ListComponentsQuery): Promise<PageResult<Component>> {
      await loadCatalogModel(); // owner and filter references are parsed by Backstage's rules
      const filter = filterOf(q);
      if (!filter) return pageOf([], 0, q);
      const filterKey = JSON.stringify(filter);
      // The total is cached per filter, the page per filter+order+window: paging costs one count per TTL.
      const [total, data, view] = await Promise.all([
        // Counted from the pre-aggregated facet counts unless q is set (decision 181): a broad filter stays cheap.
        cache.getOrLoad(CATALOG_CACHE_NS, `count:${filterKey}`, ttl, () => countComponents(db, filter)),
        cache.getOrLoad(CATALOG_CACHE_NS, `page:${filterKey}:${q.sort ?? ''}:${q.skip}:${q.take}`, ttl, async () =>
          (await repo.page(db, filter, q.sort, q.skip, q.take)).map(toComponent),
        ),
        // The caller's permissions are read beside the page, not after it (decision 1140).
        q.permissions === false ? undefined : withPermissions.view(caller),
      ]);
      const page = samePage(data, total, q);
      return view ? withPermissions.page(view, page) : page;
    },

    async get(caller: Caller, id: string): Promise<Component> {
      const found = await cache.getOrLoad(CATALOG_CACHE_NS, `get:${id}`, ttl, async () => {
        const row = await repo.findById(db, id);
        return row ? toComponent(row) : null;
      });
      if (!found) throw new NotFound('Component not found');
      return withPermissions.one(caller, found);
    },

    ...componentWrites(deps, committed),

    /** Components owned by team `teamName` (any reference spelling) point at `teamId`; answers how many moved. */
    async linkOwnerTeam(_caller: Caller, teamName: string, teamId: string): Promise<number> {
      const team = await teamsLookup.findTeam(db, teamId);
      const namespace = (team as { namespace?: string } | undefined)?.namespace ?? 'default';
      return changeRows(await repo.linkOwner(db, `group:${namespace}/${teamName}`, teamId));
    },

    /** Components of `teamId` lose the link: all of them, or only those owned by `teamName` (after a rename). */
    async unlinkTeam(_caller: Caller, teamId: string, teamName?: string): Promise<number> {
      const team = await teamsLookup.findTeam(db, teamId);
      const namespace = (team as { namespace?: string } | undefined)?.namespace ?? 'default';
      const rows = await repo.unlinkTeam(db, teamId, teamName ? `group:${namespace}/${teamName}` : undefined);
      // Also invalidated when nothing moved: a foreign key may have cleared teamIds behind this verb.
      if (rows.length === 0) await cache.invalidate(CATALOG_CACHE_NS);
      return changeRows(rows);
    },

    /** Components of a team: linked to it, or owned by its name (GET /teams/:id/components). */
    async componentsOfTeam(_caller: Caller, teamId: string): Promise<Component[]> {
      const team = await teamsLookup.findTeam(db, teamId);
      if (!team) throw new NotFound('Team not found');
      const namespace = (team as { namespace?: string }).namespace ?? 'default';
      return (await repo.ofTeam(db, teamId, `group:${namespace}/${team.name}`)).map(toComponent);
    },

    /** Folds the facet-count deltas into the counts (decision 181): the fold job's verb. */
    async compactFacetCounts(_caller: Caller): Promise<void> {
      await compactFacetCounts(db);
    },

    committed,
  };
}

export type ComponentsService = ReturnType<typeof createComponentsService>;
