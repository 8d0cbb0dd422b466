import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { GitError, withTempDir } from '../../infra/git.js';
import { Conflict, Invalid, NotFound } from '../../kernel/errors.js';
import { pageOf, type PageResult } from '../../kernel/pagination.js';
import { teamsLookup } from '../teams/index.js';
import { CATALOG_CACHE_NS } from './catalog.lookup.js';
import { MAX_DOCUMENTS, parseDescriptors, type SourcedDescriptor } from './catalog.descriptors.js';
import { componentEvent } from './catalog.events.js';
import { DEFAULT_LIFECYCLE, KIND_GROUPS } from './catalog.kinds.js';
import { findDescriptorFiles } from './catalog.locations.js';
import { catalogRepository as repo, type ComponentChanges, type ComponentRow } from './catalog.repository.js';
import type { Component, CreateComponentBody, ListComponentsQuery, LocationBody, UpdateComponentBody } from './catalog.schemas.js';
import { isUniqueViolation } from '../../kernel/db-errors.js';

export type CatalogDeps = Pick<AppContext, 'db' | 'cache' | 'events' | 'git' | 'config'>;

export interface RegisterResult {
  created: Component[];
  updated: Component[];
}

/**
 * The API shape, with ISO timestamps: cached values then look the same whether the cache keeps
 * objects (in-process) or JSON (Redis).
 */
export function toComponent(row: ComponentRow): Component {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    owner: row.owner,
    lifecycle: row.lifecycle,
    description: row.description,
    tags: row.tags,
    annotations: row.annotations,
    teamId: row.teamId,
    gitopsApp: row.gitopsApp,
    workloadStatus: row.workloadStatus ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const duplicate = (name: string, kind: string) => new Conflict(`A component named "${name}" of kind "${kind}" already exists`);

/** The team whose name the owner gives, or null (no owner, or no such team). */
async function teamIdFor(db: Executor, owner: string | null | undefined): Promise<string | null> {
  if (!owner) return null;
  return (await teamsLookup.findTeamByName(db, owner))?.id ?? null;
}

/** A team named by id in a body: it must exist (400 otherwise, like other body references). */
async function requireTeam(db: Executor, teamId: string) {
  const team = await teamsLookup.findTeam(db, teamId);
  if (!team) throw new Invalid(`teamId ${teamId} names no team`, [{ field: 'teamId', problem: 'names no team' }]);
  return team;
}

/** "" means none for the optional text fields a client may want to clear. */
const orNull = (value: string | null | undefined) => (value ? value : null);

export function createCatalogService({ db, cache, events, git, config }: CatalogDeps) {
  const ttl = config.cacheTtlS;

  /** After a commit: drop every cached list and get, then tell the clients. */
  async function committed(changes: { created?: Component[]; updated?: Component[]; deleted?: Component[] }) {
    await cache.invalidate(CATALOG_CACHE_NS);
    for (const c of changes.created ?? []) events.emit('component.created', componentEvent(c));
    for (const c of changes.updated ?? []) events.emit('component.updated', componentEvent(c));
    for (const c of changes.deleted ?? []) events.emit('component.deleted', componentEvent(c));
  }

  /** Creates or replaces every descriptor by name+kind, all in one transaction. */
  async function upsert(descriptors: SourcedDescriptor[]): Promise<RegisterResult> {
    if (descriptors.length > MAX_DOCUMENTS) throw new Invalid(`At most ${MAX_DOCUMENTS} descriptors can be registered at once`);
    const bySource = new Map<string, string>();
    for (const d of descriptors) {
      const key = `${d.kind}\u0000${d.name}`;
      const first = bySource.get(key);
      if (first) throw new Invalid(`${d.source}: component "${d.name}" of kind "${d.kind}" is already declared by ${first}`);
      bySource.set(key, d.source);
    }
    const result = await db.transaction(async (tx) => {
      const teamIds = new Map<string, string | null>();
      for (const owner of new Set(descriptors.map((d) => d.owner))) if (owner) teamIds.set(owner, await teamIdFor(tx, owner));
      const existing = new Map((await repo.findByNameKinds(tx, descriptors)).map((r) => [`${r.kind}\u0000${r.name}`, r]));
      const inserts = [];
      const updated: ComponentRow[] = [];
      for (const { source: _source, ...d } of descriptors) {
        const values = { ...d, teamId: d.owner ? (teamIds.get(d.owner) ?? null) : null };
        const row = existing.get(`${d.kind}\u0000${d.name}`);
        if (row) updated.push((await repo.update(tx, row.id, values))!);
        else inserts.push(values);
      }
      const created = await repo.insertMany(tx, inserts);
      return { created: created.map(toComponent), updated: updated.map(toComponent) };
    });
    await committed(result);
    return result;
  }

  return {
    async list(q: ListComponentsQuery): Promise<PageResult<Component>> {
      const key = `list:${q.kindGroup ?? '*'}:${q.teamId ?? '*'}:${q.skip}:${q.take}`;
      return cache.getOrLoad(CATALOG_CACHE_NS, key, ttl, async () => {
        const kinds = q.kindGroup ? KIND_GROUPS[q.kindGroup] : undefined;
        const { data, total } = await repo.list(db, { kinds, teamId: q.teamId }, q.skip, q.take);
        return pageOf(data.map(toComponent), total, q);
      });
    },

    async get(id: string): Promise<Component> {
      const found = await cache.getOrLoad(CATALOG_CACHE_NS, `get:${id}`, ttl, async () => {
        const row = await repo.findById(db, id);
        return row ? toComponent(row) : null;
      });
      if (!found) throw new NotFound('Component not found');
      return found;
    },

    async create(body: CreateComponentBody): Promise<Component> {
      let row: ComponentRow;
      try {
        row = await db.transaction(async (tx) => {
          if (await repo.nameKindTaken(tx, body.name, body.kind)) throw duplicate(body.name, body.kind);
          let owner = orNull(body.owner);
          let teamId: string | null;
          if (body.teamId) {
            // An explicit team wins; the owner name defaults to it so both stay consistent.
            const team = await requireTeam(tx, body.teamId);
            teamId = team.id;
            owner ??= team.name;
          } else teamId = await teamIdFor(tx, owner);
          return repo.insert(tx, {
            name: body.name,
            kind: body.kind,
            owner,
            lifecycle: body.lifecycle ?? DEFAULT_LIFECYCLE,
            description: body.description ?? null,
            tags: body.tags ?? [],
            annotations: body.annotations ?? {},
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

    async update(id: string, body: UpdateComponentBody): Promise<Component> {
      const changes: ComponentChanges = {};
      for (const field of ['name', 'kind', 'owner', 'lifecycle', 'description', 'tags', 'annotations', 'gitopsApp'] as const) {
        if (body[field] !== undefined) (changes as Record<string, unknown>)[field] = body[field];
      }
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
          target = { name: changes.name ?? current.name, kind: changes.kind ?? current.kind };
          const renamed = target.name !== current.name || target.kind !== current.kind;
          if (renamed && (await repo.nameKindTaken(tx, target.name, target.kind, id))) throw duplicate(target.name, target.kind);
          if (changes.teamId) {
            // An explicit team wins; without a new owner in the body, the owner name follows it.
            const team = await requireTeam(tx, changes.teamId);
            if (changes.owner === undefined) changes.owner = team.name;
          } else if (changes.teamId === undefined && 'owner' in changes) {
            // teamId follows the owner: a new owner naming no team (or no owner) clears it.
            changes.teamId = await teamIdFor(tx, changes.owner);
          }
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

    async remove(id: string): Promise<void> {
      const row = await repo.delete(db, id);
      if (!row) throw new NotFound('Component not found');
      await committed({ deleted: [toComponent(row)] });
    },

    async registerYaml(yaml: string): Promise<RegisterResult> {
      return upsert(parseDescriptors(yaml));
    },

    async registerLocation({ url, branch }: LocationBody): Promise<RegisterResult & { files: string[] }> {
      git.assertUrl(url);
      return withTempDir('catalog', async (dir) => {
        try {
          await git.shallowClone(url, dir, branch);
        } catch (err) {
          if (err instanceof GitError) throw new Invalid(`Could not clone repository: ${err.reason.replace(/\s+/g, ' ').trim()}`);
          throw err;
        }
        const files = await findDescriptorFiles(dir);
        const descriptors = files.flatMap((f) => parseDescriptors(f.text, `${f.path}: `));
        const result = descriptors.length ? await upsert(descriptors) : { created: [], updated: [] };
        return { ...result, files: files.map((f) => f.path) };
      });
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
