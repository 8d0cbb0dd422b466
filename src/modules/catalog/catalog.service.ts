import type { Infrastructure } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { isUniqueViolation } from '../../kernel/db-errors.js';
import { Conflict, Invalid, NotFound } from '../../kernel/errors.js';
import { pageMemo, pageOf, type PageResult } from '../../kernel/pagination.js';
import { teamsLookup } from '../teams/index.js';
import { toRef } from './catalog.entities.js';
import { loadCatalogModel } from './catalog.model.js';
import { componentEvent } from './catalog.events.js';
import { DEFAULT_LIFECYCLE, ENTITY_KINDS, entityKindOf, KIND_GROUPS } from './catalog.kinds.js';
import { CATALOG_CACHE_NS } from './catalog.lookup.js';
import { countComponents } from './catalog.facet-counts.js';
import { catalogRepository as repo, type ComponentChanges, type ComponentRow, type ListFilter } from './catalog.repository.js';
import type { Component, CreateComponentBody, ListComponentsQuery, UpdateComponentBody } from './catalog.schemas.js';
import { toComponent } from './catalog.view.js';
import { entityPermissionsDecorator, type CatalogPermissionsPort } from './catalog.permissions.js';

/** How long after a catalog write its facet-count deltas are folded (a burst of writes shares one fold). */
const FOLD_DELAY_MS = 10_000;

export type CatalogDeps = Pick<Infrastructure, 'db' | 'cache' | 'events' | 'config' | 'jobs' | 'log'> & {
  /** The permission policy every write asks (decision 951). */
  permissions: CatalogPermissionsPort;
};

/** What the cluster integration's sync stores on a matched component (decision 614). */
export interface WorkloadStatus {
  name: string;
  namespace: string;
  replicas: number;
  readyReplicas: number;
  image: string | null;
  syncedAt: string;
  [key: string]: unknown;
}

const duplicate = (name: string, kind: string) => new Conflict(`A component named "${name}" of kind "${kind}" already exists`);
/** "" means none for the optional text fields a client may want to clear. */
const orNull = (value: string | null | undefined) => (value ? value : null);

/** `owner` as an entity reference, or null when it is no valid reference (kept as written all the same). */
export function ownerRefOf(owner: string | null | undefined, namespace = 'default'): string | null {
  if (!owner) return null;
  try {
    return toRef(owner, 'group', namespace);
  } catch {
    return null;
  }
}

/** The team a group reference names (same namespace), or null. */
async function teamIdFor(db: Executor, ownerRef: string | null): Promise<string | null> {
  if (!ownerRef?.startsWith('group:')) return null;
  const [namespace, name] = ownerRef.slice('group:'.length).split('/') as [string, string];
  const team = await teamsLookup.findTeamByName(db, name);
  return team && (team as { namespace?: string }).namespace === namespace ? team.id : null;
}

/** Words of a search as a prefix tsquery (`artist:* & look:*`); null when there is no word. */
export function toTsquery(q: string): string | null {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu);
  return words?.length
    ? words
        .slice(0, 16)
        .map((w) => `${w}:*`)
        .join(' & ')
    : null;
}

export function createComponentsService({ db, cache, events, config, jobs, log, permissions }: CatalogDeps) {
  const withPermissions = entityPermissionsDecorator(permissions);
  const ttl = config.cacheTtlS;
  // A cached page keeps its identity, so the route answers it without serialising it again.
  const samePage = pageMemo<Component>();
  const lifecycles = config.catalog.lifecycles;

  function checkLifecycle(value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    const lifecycle = value.toLowerCase();
    if (!lifecycles.includes(lifecycle)) {
      throw new Invalid(`lifecycle must be one of: ${lifecycles.join(', ')}`, [{ field: 'lifecycle', problem: `must be one of: ${lifecycles.join(', ')}` }]);
    }
    return lifecycle;
  }

  /** A team named by id in a body: it must exist (400 otherwise, like other body references). */
  async function requireTeam(tx: Executor, teamId: string) {
    const team = await teamsLookup.findTeam(tx, teamId);
    if (!team) throw new Invalid(`teamId ${teamId} names no team`, [{ field: 'teamId', problem: 'names no team' }]);
    return team;
  }

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

  function filterOf(q: ListComponentsQuery): ListFilter | null {
    let kinds: readonly string[] | undefined = q.kindGroup ? KIND_GROUPS[q.kindGroup] : undefined;
    if (q.kind) kinds = !kinds || kinds.includes(q.kind) ? [q.kind] : [];
    if (kinds && kinds.length === 0) return null;
    let entityKind: string | undefined;
    if (q.entityKind) {
      entityKind = ENTITY_KINDS.find((k) => k.toLowerCase() === q.entityKind!.toLowerCase());
      if (!entityKind) throw new Invalid(`entityKind must be one of: ${ENTITY_KINDS.join(', ')}`, [{ field: 'entityKind', problem: 'unknown kind' }]);
    }
    const ref = (value: string | undefined, kind: string, field: string) => {
      if (value === undefined) return undefined;
      try {
        return toRef(value, kind);
      } catch {
        throw new Invalid(`${field} is not a valid entity reference`, [{ field, problem: 'not an entity reference' }]);
      }
    };
    const tsquery = q.q === undefined ? undefined : toTsquery(q.q);
    if (tsquery === null) return null;
    return {
      kinds,
      teamId: q.teamId,
      entityKind,
      type: q.type,
      ownerRef: ref(q.owner, 'group', 'owner'),
      lifecycle: q.lifecycle?.toLowerCase(),
      tag: q.tag,
      systemRef: ref(q.system, 'system', 'system'),
      namespace: q.namespace,
      orphan: q.orphan,
      tsquery,
    };
  }

  /** Members of the owning team update; changing the owning team is the maintainers' (of both teams). */
  async function askBeforeUpdate(caller: Caller, id: string, body: UpdateComponentBody) {
    if (body.teamId === undefined && body.owner === undefined) return permissions.require(caller, 'entity.update', id);
    const current = await repo.findById(db, id);
    if (!current) return; // the verb answers 404
    let newOwnerTeamId: string | null;
    if (body.teamId) newOwnerTeamId = (await requireTeam(db, body.teamId)).id;
    else if (body.teamId === null) newOwnerTeamId = null;
    else newOwnerTeamId = await teamIdFor(db, ownerRefOf(orNull(body.owner), body.namespace ?? current.namespace));
    if (newOwnerTeamId === current.teamId) return permissions.require(caller, 'entity.update', id);
    return permissions.require(caller, 'entity.changeOwner', id, { newOwnerTeamId });
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
      const [total, data] = await Promise.all([
        // Counted from the pre-aggregated facet counts unless q is set (decision 181): a broad filter stays cheap.
        cache.getOrLoad(CATALOG_CACHE_NS, `count:${filterKey}`, ttl, () => countComponents(db, filter)),
        cache.getOrLoad(CATALOG_CACHE_NS, `page:${filterKey}:${q.sort ?? ''}:${q.skip}:${q.take}`, ttl, async () =>
          (await repo.page(db, filter, q.sort, q.skip, q.take)).map(toComponent),
        ),
      ]);
      return withPermissions.page(caller, samePage(data, total, q));
    },

    async get(caller: Caller, id: string): Promise<Component> {
      const found = await cache.getOrLoad(CATALOG_CACHE_NS, `get:${id}`, ttl, async () => {
        const row = await repo.findById(db, id);
        return row ? toComponent(row) : null;
      });
      if (!found) throw new NotFound('Component not found');
      return withPermissions.one(caller, found);
    },

    async create(caller: Caller, body: CreateComponentBody): Promise<Component> {
      await loadCatalogModel(); // owner and filter references are parsed by Backstage's rules
      const lifecycle = checkLifecycle(body.lifecycle) ?? (lifecycles.includes(DEFAULT_LIFECYCLE) ? DEFAULT_LIFECYCLE : lifecycles[0]!);
      const namespace = body.namespace ?? 'default';
      // Asked before the transaction (PGlite has one connection): a maintainer of the team it names may create it.
      const ownerTeamId = body.teamId ? (await requireTeam(db, body.teamId)).id : await teamIdFor(db, ownerRefOf(orNull(body.owner), namespace));
      await permissions.require(caller, 'entity.create', ownerTeamId);
      const key = { kind: body.kind, namespace, name: body.name };
      let row: ComponentRow;
      try {
        row = await db.transaction(async (tx) => {
          if (await repo.keyTaken(tx, key)) throw duplicate(body.name, body.kind);
          let owner = orNull(body.owner);
          let teamId: string | null;
          if (body.teamId) {
            // An explicit team wins; the owner name defaults to it so both stay consistent.
            const team = await requireTeam(tx, body.teamId);
            teamId = team.id;
            owner ??= team.name;
          } else teamId = await teamIdFor(tx, ownerRefOf(owner, namespace));
          return repo.insert(tx, {
            name: body.name,
            namespace,
            kind: body.kind,
            entityKind: body.entityKind ?? entityKindOf(body.kind),
            type: orNull(body.type),
            title: orNull(body.title),
            owner,
            lifecycle,
            description: body.description ?? null,
            tags: body.tags ?? [],
            annotations: body.annotations ?? {},
            labels: body.labels ?? {},
            links: body.links ?? [],
            gitopsApp: orNull(body.gitopsApp),
            teamId,
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate(body.name, body.kind);
        throw err;
      }
      const component = toComponent(row);
      await committed({ created: [component] });
      return component;
    },

    async update(caller: Caller, id: string, body: UpdateComponentBody): Promise<Component> {
      await loadCatalogModel(); // owner and filter references are parsed by Backstage's rules
      await askBeforeUpdate(caller, id, body);
      const changes: ComponentChanges = {};
      for (const field of ['name', 'namespace', 'kind', 'entityKind', 'owner', 'description', 'tags', 'annotations', 'labels', 'links', 'gitopsApp'] as const) {
        if (body[field] !== undefined) (changes as Record<string, unknown>)[field] = body[field];
      }
      if (body.lifecycle !== undefined) changes.lifecycle = checkLifecycle(body.lifecycle);
      if (body.title !== undefined) changes.title = orNull(body.title);
      if (body.type !== undefined) changes.type = orNull(body.type);
      if (changes.owner !== undefined) changes.owner = orNull(changes.owner);
      if (changes.gitopsApp !== undefined) changes.gitopsApp = orNull(changes.gitopsApp);
      if (body.teamId !== undefined) changes.teamId = body.teamId;
      let row: ComponentRow;
      let changed = false;
      let target = { name: '', kind: '' };
      try {
        row = await db.transaction(async (tx) => {
          const current = await repo.findById(tx, id);
          if (!current) throw new NotFound('Component not found');
          if (Object.keys(changes).length === 0) return current;
          const key = { name: changes.name ?? current.name, kind: changes.kind ?? current.kind, namespace: changes.namespace ?? current.namespace };
          target = key;
          const moved = key.name !== current.name || key.kind !== current.kind || key.namespace !== current.namespace;
          if (moved && (await repo.keyTaken(tx, key, id))) throw duplicate(key.name, key.kind);
          if (changes.kind !== undefined && body.entityKind === undefined && changes.kind !== current.kind) changes.entityKind = entityKindOf(changes.kind);
          if (changes.teamId) {
            // An explicit team wins; without a new owner in the body, the owner name follows it.
            const team = await requireTeam(tx, changes.teamId);
            if (changes.owner === undefined) changes.owner = team.name;
          } else if (changes.teamId === undefined && 'owner' in changes) {
            // teamId follows the owner: a new owner naming no team (or no owner) clears it.
            changes.teamId = await teamIdFor(tx, ownerRefOf(changes.owner, key.namespace));
          }
          // A hand edit makes the next registration of the same descriptor an update again.
          changes.entityHash = null;
          changed = true;
          return (await repo.update(tx, id, changes))!;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate(target.name, target.kind);
        throw err;
      }
      const component = toComponent(row);
      if (changed) await committed({ updated: [component] });
      return component;
    },

    async remove(caller: Caller, id: string): Promise<void> {
      await permissions.require(caller, 'entity.delete', id);
      const row = await repo.delete(db, id);
      if (!row) throw new NotFound('Component not found');
      await committed({ deleted: [toComponent(row)] });
    },

    /** The cluster sync's write: only `workloadStatus` changes (null clears it). */
    async setWorkloadStatus(_caller: Caller, componentId: string, status: WorkloadStatus | null): Promise<Component> {
      const row = await repo.update(db, componentId, { workloadStatus: status });
      if (!row) throw new NotFound('Component not found');
      const component = toComponent(row);
      await committed({ updated: [component] });
      return component;
    },

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

    committed,
  };
}

export type ComponentsService = ReturnType<typeof createComponentsService>;
