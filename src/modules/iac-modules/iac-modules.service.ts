import type { Database } from '../../db/client.js';
import type { IacVariableMeta } from '../../db/schema/index.js';
import type { Git } from '../../integrations/git/git.port.js';
import type { Caller } from '../../kernel/caller.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../kernel/db-errors.js';
import { Conflict, Invalid, NotFound } from '../../kernel/errors.js';
import { catalogLookup } from '../catalog/index.js';
import { sortVersionsDesc } from './hcl-meta.js';
import {
  iacModulesRepository as repo,
  type IacModuleInsert,
  type IacModuleRow,
  type IacModuleVersionRow,
} from './iac-modules.repository.js';
import type {
  CreateIacModuleBody,
  ListIacModulesQuery,
  UpdateIacModuleBody,
  VersionsQuery,
} from './iac-modules.schemas.js';
import type { ModuleSync, SyncResult } from './iac-modules.sync.js';

export interface IacModulesServiceDeps {
  db: Database;
  git: Git;
  sync: ModuleSync;
}

const duplicate = (name: string, provider: string) =>
  new Conflict(`An IaC module named "${name}" with provider "${provider}" already exists`);
const missingComponent = (id: string) =>
  new Invalid(`componentId ${id} does not name an existing component`, [
    { field: 'componentId', problem: 'does not name an existing component' },
  ]);

/** Versions stored before `validations`, `sensitive` and `nullable` existed read with their defaults. */
function withMetaDefaults(row: IacModuleVersionRow): IacModuleVersionRow {
  const variablesMeta = row.variablesMeta.map((v): IacVariableMeta => ({
    ...v,
    validations: v.validations ?? (v.validation ? [v.validation] : []),
    sensitive: v.sensitive ?? false,
    nullable: v.nullable ?? true,
  }));
  const outputsMeta = row.outputsMeta.map((o) => ({ ...o, sensitive: o.sensitive ?? false }));
  return { ...row, variablesMeta, outputsMeta };
}

/** The module's verbs: reads, record writes and component links, one group each (decision 1200). */
export function createIacModulesService({ db, git, sync }: IacModulesServiceDeps) {
  return {
    ...moduleReads(db),
    ...moduleRecordWrites(db, git),
    ...componentLinks(db),
    sync(_caller: Caller, id: string): Promise<SyncResult> {
      return sync.sync(id);
    },
  };
}

export type IacModulesService = ReturnType<typeof createIacModulesService>;

async function mustFind(db: Database, id: string): Promise<IacModuleRow> {
  const row = await repo.findById(db, id);
  if (!row) throw new NotFound('IaC module not found');
  return row;
}

/** Insert or update, turning the races the pre-checks cannot close into the same answers. */
async function write<T>(
  name: string,
  provider: string,
  componentId: string | null | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(name, provider);
    if (isForeignKeyViolation(err) && componentId) throw missingComponent(componentId);
    throw err;
  }
}

function moduleReads(db: Database) {
  return {
    list(_caller: Caller, q: ListIacModulesQuery): Promise<IacModuleRow[]> {
      return repo.list(db, q);
    },

    get(_caller: Caller, id: string): Promise<IacModuleRow> {
      return mustFind(db, id);
    },

    /**
     * Versions, semver descending: all of them, or the page `skip`/`take` when either is given
     * (sorted on the names alone, then only the page's rows are read). `total` is the full count.
     */
    async versions(
      _caller: Caller,
      id: string,
      q: VersionsQuery = {},
    ): Promise<{ rows: IacModuleVersionRow[]; total: number }> {
      await mustFind(db, id);
      if (q.skip === undefined && q.take === undefined) {
        const rows = sortVersionsDesc(await repo.versions(db, id)).map(withMetaDefaults);
        return { rows, total: rows.length };
      }
      return versionPage(db, id, q.skip ?? 0, q.take ?? 20);
    },

    listByComponent(_caller: Caller, componentId: string): Promise<IacModuleRow[]> {
      return repo.listByComponent(db, componentId);
    },
  };
}

/** One page of a module's versions: the keys sorted first, then only the page's rows read. */
async function versionPage(db: Database, id: string, skip: number, take: number) {
  const keys = sortVersionsDesc(await repo.versionKeys(db, id));
  const page = keys.slice(skip, skip + take);
  const byId = new Map(
    (
      await repo.versionsByIds(
        db,
        page.map((k) => k.id),
      )
    ).map((r) => [r.id, r]),
  );
  return {
    rows: page
      .map((k) => byId.get(k.id))
      .filter((r): r is IacModuleVersionRow => !!r)
      .map(withMetaDefaults),
    total: keys.length,
  };
}

function moduleRecordWrites(db: Database, git: Git) {
  return {
    async create(_caller: Caller, body: CreateIacModuleBody): Promise<IacModuleRow> {
      await git.checkUrl(body.sourceRepoUrl, 'sourceRepoUrl');
      if (body.componentId && !(await catalogLookup.componentExists(db, body.componentId)))
        throw missingComponent(body.componentId);
      if (await repo.findByNameProvider(db, body.name, body.provider)) throw duplicate(body.name, body.provider);
      return write(body.name, body.provider, body.componentId, () =>
        repo.insert(db, {
          name: body.name,
          provider: body.provider,
          sourceRepoUrl: body.sourceRepoUrl,
          engine: body.engine ?? null,
          description: body.description ?? null,
          componentId: body.componentId ?? null,
          latestVersion: null,
        }),
      );
    },

    async update(_caller: Caller, id: string, body: UpdateIacModuleBody): Promise<IacModuleRow> {
      const current = await mustFind(db, id);
      const changes = await changesOf(db, git, current, body);
      // Nothing changes: no write, so updatedAt keeps saying when the record last changed.
      if (Object.keys(changes).length === 0) return current;
      const name = changes.name ?? current.name;
      const provider = changes.provider ?? current.provider;
      if (changes.name !== undefined || changes.provider !== undefined) {
        const other = await repo.findByNameProvider(db, name, provider);
        if (other && other.id !== id) throw duplicate(name, provider);
      }
      const row = await write(name, provider, changes.componentId, () => repo.update(db, id, changes));
      if (!row) throw new NotFound('IaC module not found');
      return row;
    },

    async remove(_caller: Caller, id: string): Promise<void> {
      if (!(await repo.delete(db, id))) throw new NotFound('IaC module not found');
    },
  };
}

/** The fields an update really changes, a new source URL and component checked on the way. */
async function changesOf(
  db: Database,
  git: Git,
  current: IacModuleRow,
  body: UpdateIacModuleBody,
): Promise<Partial<IacModuleInsert>> {
  const changes: Partial<IacModuleInsert> = {};
  if (body.name !== undefined && body.name !== current.name) changes.name = body.name;
  if (body.provider !== undefined && body.provider !== current.provider) changes.provider = body.provider;
  if (body.sourceRepoUrl !== undefined && body.sourceRepoUrl !== current.sourceRepoUrl) {
    await git.checkUrl(body.sourceRepoUrl, 'sourceRepoUrl');
    changes.sourceRepoUrl = body.sourceRepoUrl;
  }
  if (body.engine !== undefined && body.engine !== current.engine) changes.engine = body.engine;
  if (body.description !== undefined && body.description !== current.description)
    changes.description = body.description;
  if (body.componentId !== undefined && body.componentId !== current.componentId) {
    if (body.componentId && !(await catalogLookup.componentExists(db, body.componentId)))
      throw missingComponent(body.componentId);
    changes.componentId = body.componentId;
  }
  return changes;
}

function componentLinks(db: Database) {
  return {
    /** Linking replaces any earlier component: a module has at most one. */
    async linkComponent(_caller: Caller, id: string, componentId: string): Promise<IacModuleRow> {
      const current = await mustFind(db, id);
      if (!(await catalogLookup.componentExists(db, componentId))) throw new NotFound('Component not found');
      if (current.componentId === componentId) return current;
      try {
        const row = await repo.update(db, id, { componentId });
        if (!row) throw new NotFound('IaC module not found');
        return row;
      } catch (err) {
        if (isForeignKeyViolation(err)) throw new NotFound('Component not found');
        throw err;
      }
    },

    async unlinkComponent(_caller: Caller, id: string): Promise<IacModuleRow> {
      const current = await mustFind(db, id);
      if (current.componentId === null) return current;
      const row = await repo.update(db, id, { componentId: null });
      if (!row) throw new NotFound('IaC module not found');
      return row;
    },
  };
}
