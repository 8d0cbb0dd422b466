import type { Infrastructure } from '../../context.js';
import type { Caller } from '../../kernel/caller.js';
import { isUniqueViolation } from '../../kernel/db-errors.js';
import { Invalid, NotFound } from '../../kernel/errors.js';
import { loadCatalogModel } from './catalog.model.js';
import { DEFAULT_LIFECYCLE, entityKindOf } from './catalog.kinds.js';
import { duplicate, orNull, ownerRefOf, requireTeam, teamIdFor } from './catalog.owners.js';
import type { CatalogPermissionsPort } from './catalog.permissions.js';
import { catalogRepository as repo, type ComponentChanges, type ComponentRow } from './catalog.repository.js';
import type { Component, CreateComponentBody, UpdateComponentBody } from './catalog.schemas.js';
import { toComponent } from './catalog.view.js';

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

type Committed = (changes: { created?: Component[]; updated?: Component[]; deleted?: Component[] }) => Promise<void>;
type WriteDeps = Pick<Infrastructure, 'db' | 'config'> & { permissions: CatalogPermissionsPort };

/** The write verbs of components: create, update, delete and the cluster sync's status; `committed` runs after each commit. */
export function componentWrites(deps: WriteDeps, committed: Committed) {
  return {
    ...componentCreation(deps, committed),
    ...componentUpdates(deps, committed),
    ...componentRemoval(deps, committed),
  };
}

function lifecycleChecker(lifecycles: readonly string[]) {
  return function checkLifecycle(value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    const lifecycle = value.toLowerCase();
    if (!lifecycles.includes(lifecycle)) {
      throw new Invalid(`lifecycle must be one of: ${lifecycles.join(', ')}`, [
        { field: 'lifecycle', problem: `must be one of: ${lifecycles.join(', ')}` },
      ]);
    }
    return lifecycle;
  };
}

function componentCreation({ db, config, permissions }: WriteDeps, committed: Committed) {
  const lifecycles = config.catalog.lifecycles;
  const checkLifecycle = lifecycleChecker(lifecycles);
  return {
    async create(caller: Caller, body: CreateComponentBody): Promise<Component> {
      await loadCatalogModel(); // owner and filter references are parsed by Backstage's rules
      const lifecycle =
        checkLifecycle(body.lifecycle) ?? (lifecycles.includes(DEFAULT_LIFECYCLE) ? DEFAULT_LIFECYCLE : lifecycles[0]!);
      const namespace = body.namespace ?? 'default';
      // Asked before the transaction (PGlite has one connection): a maintainer of the team it names may create it.
      const ownerTeamId = body.teamId
        ? (await requireTeam(db, body.teamId)).id
        : await teamIdFor(db, ownerRefOf(orNull(body.owner), namespace));
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
  };
}

/** The columns an update names, lifecycle checked; empty strings clear the nullable ones. */
function changesOf(body: UpdateComponentBody, checkLifecycle: (value: string | undefined) => string | undefined) {
  const changes: ComponentChanges = {};
  for (const field of [
    'name',
    'namespace',
    'kind',
    'entityKind',
    'owner',
    'description',
    'tags',
    'annotations',
    'labels',
    'links',
    'gitopsApp',
  ] as const) {
    if (body[field] !== undefined) (changes as Record<string, unknown>)[field] = body[field];
  }
  if (body.lifecycle !== undefined) changes.lifecycle = checkLifecycle(body.lifecycle);
  if (body.title !== undefined) changes.title = orNull(body.title);
  if (body.type !== undefined) changes.type = orNull(body.type);
  if (changes.owner !== undefined) changes.owner = orNull(changes.owner);
  if (changes.gitopsApp !== undefined) changes.gitopsApp = orNull(changes.gitopsApp);
  if (body.teamId !== undefined) changes.teamId = body.teamId;
  return changes;
}

function componentUpdates({ db, config, permissions }: WriteDeps, committed: Committed) {
  const checkLifecycle = lifecycleChecker(config.catalog.lifecycles);
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

  return {
    async update(caller: Caller, id: string, body: UpdateComponentBody): Promise<Component> {
      await loadCatalogModel(); // owner and filter references are parsed by Backstage's rules
      await askBeforeUpdate(caller, id, body);
      const changes = changesOf(body, checkLifecycle);
      let row: ComponentRow;
      let changed = false;
      let target = { name: '', kind: '' };
      try {
        row = await db.transaction(async (tx) => {
          const current = await repo.findById(tx, id);
          if (!current) throw new NotFound('Component not found');
          if (Object.keys(changes).length === 0) return current;
          const key = {
            name: changes.name ?? current.name,
            kind: changes.kind ?? current.kind,
            namespace: changes.namespace ?? current.namespace,
          };
          target = key;
          const moved = key.name !== current.name || key.kind !== current.kind || key.namespace !== current.namespace;
          if (moved && (await repo.keyTaken(tx, key, id))) throw duplicate(key.name, key.kind);
          if (changes.kind !== undefined && body.entityKind === undefined && changes.kind !== current.kind)
            changes.entityKind = entityKindOf(changes.kind);
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
  };
}

function componentRemoval({ db, permissions }: WriteDeps, committed: Committed) {
  return {
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
  };
}
