import { and, asc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  iacModules,
  iacModuleVersions,
  type IacFailedVersion,
  type IacOutputMeta,
  type IacVariableMeta,
} from '../../db/schema/index.js';

export type IacModuleRow = typeof iacModules.$inferSelect;
export type IacModuleVersionRow = typeof iacModuleVersions.$inferSelect;
export type IacModuleInsert = typeof iacModules.$inferInsert;

/** `%`, `_` and `\` in user input are matched literally (backslash is PostgreSQL's default LIKE escape). */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface ModuleFilter {
  search?: string;
  provider?: string;
  engine?: string;
}

export const iacModulesRepository = {
  async list(db: Executor, f: ModuleFilter): Promise<IacModuleRow[]> {
    const where: SQL[] = [];
    if (f.search) {
      const p = likePattern(f.search);
      where.push(or(ilike(iacModules.name, p), ilike(iacModules.description, p))!);
    }
    if (f.provider) where.push(eq(iacModules.provider, f.provider));
    if (f.engine) where.push(eq(iacModules.engine, f.engine));
    return db
      .select()
      .from(iacModules)
      .where(where.length ? and(...where) : undefined)
      .orderBy(asc(iacModules.name), asc(iacModules.provider), asc(iacModules.id));
  },

  async listByComponent(db: Executor, componentId: string): Promise<IacModuleRow[]> {
    return db
      .select()
      .from(iacModules)
      .where(eq(iacModules.componentId, componentId))
      .orderBy(asc(iacModules.name), asc(iacModules.provider), asc(iacModules.id));
  },

  async findById(db: Executor, id: string): Promise<IacModuleRow | undefined> {
    const [row] = await db.select().from(iacModules).where(eq(iacModules.id, id)).limit(1);
    return row;
  },

  async findByNameProvider(db: Executor, name: string, provider: string): Promise<IacModuleRow | undefined> {
    const [row] = await db
      .select()
      .from(iacModules)
      .where(and(eq(iacModules.name, name), eq(iacModules.provider, provider)))
      .limit(1);
    return row;
  },

  async insert(db: Executor, values: IacModuleInsert): Promise<IacModuleRow> {
    const [row] = await db.insert(iacModules).values(values).returning();
    return row!;
  },

  async update(db: Executor, id: string, values: Partial<IacModuleInsert>): Promise<IacModuleRow | undefined> {
    const [row] = await db
      .update(iacModules)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(iacModules.id, id))
      .returning();
    return row;
  },

  /** Versions rows cascade with the module (foreign key ON DELETE CASCADE). */
  async delete(db: Executor, id: string): Promise<boolean> {
    const rows = await db.delete(iacModules).where(eq(iacModules.id, id)).returning({ id: iacModules.id });
    return rows.length > 0;
  },

  async versions(db: Executor, moduleId: string): Promise<IacModuleVersionRow[]> {
    return db.select().from(iacModuleVersions).where(eq(iacModuleVersions.moduleId, moduleId));
  },

  /** Version rows by id (a page picked from the names, so a page never loads every version's metadata). */
  async versionsByIds(db: Executor, ids: string[]): Promise<IacModuleVersionRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(iacModuleVersions).where(inArray(iacModuleVersions.id, ids));
  },

  async versionKeys(db: Executor, moduleId: string): Promise<{ id: string; version: string }[]> {
    return db
      .select({ id: iacModuleVersions.id, version: iacModuleVersions.version })
      .from(iacModuleVersions)
      .where(eq(iacModuleVersions.moduleId, moduleId));
  },

  async versionNames(db: Executor, moduleId: string): Promise<string[]> {
    const rows = await db
      .select({ version: iacModuleVersions.version })
      .from(iacModuleVersions)
      .where(eq(iacModuleVersions.moduleId, moduleId));
    return rows.map((r) => r.version);
  },

  /** Inserts what is not stored yet; returns the versions this call actually wrote. */
  async insertVersions(
    db: Executor,
    moduleId: string,
    rows: { version: string; variablesMeta: IacVariableMeta[]; outputsMeta: IacOutputMeta[] }[],
  ): Promise<string[]> {
    if (rows.length === 0) return [];
    const syncedAt = new Date();
    const inserted = await db
      .insert(iacModuleVersions)
      .values(rows.map((r) => ({ moduleId, ...r, syncedAt })))
      .onConflictDoNothing({ target: [iacModuleVersions.moduleId, iacModuleVersions.version] })
      .returning({ version: iacModuleVersions.version });
    return inserted.map((r) => r.version);
  },

  async setSyncState(
    db: Executor,
    id: string,
    changes: { latestVersion?: string | null; failedVersions?: IacFailedVersion[] },
  ): Promise<void> {
    await db
      .update(iacModules)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(iacModules.id, id));
  },
};
