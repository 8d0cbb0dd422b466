import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { components } from '../../db/schema/index.js';

export type ComponentRow = typeof components.$inferSelect;
export type NewComponentRow = typeof components.$inferInsert;
export type ComponentChanges = Partial<Omit<NewComponentRow, 'id' | 'createdAt' | 'updatedAt'>>;

export interface ListFilter {
  kinds?: readonly string[];
  teamId?: string;
}

function whereOf(filter: ListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  // `kind IN (…)` and `team_id =` are served by the (kind, name, id) and (team_id, name, id) indexes.
  if (filter.kinds) conditions.push(inArray(components.kind, [...filter.kinds]));
  if (filter.teamId) conditions.push(eq(components.teamId, filter.teamId));
  return conditions.length ? and(...conditions) : undefined;
}

export const catalogRepository = {
  async list(db: Executor, filter: ListFilter, skip: number, take: number) {
    const where = whereOf(filter);
    const [data, [total]] = await Promise.all([
      db.select().from(components).where(where).orderBy(asc(components.name), asc(components.id)).offset(skip).limit(take),
      db.select({ n: count() }).from(components).where(where),
    ]);
    return { data, total: total!.n };
  },

  async findById(db: Executor, id: string): Promise<ComponentRow | undefined> {
    const [row] = await db.select().from(components).where(eq(components.id, id)).limit(1);
    return row;
  },

  async findByNameKind(db: Executor, name: string, kind: string): Promise<ComponentRow | undefined> {
    const [row] = await db
      .select()
      .from(components)
      .where(and(eq(components.name, name), eq(components.kind, kind)))
      .limit(1);
    return row;
  },

  /** Rows matching any of the (name, kind) pairs, in one query (YAML upserts). */
  async findByNameKinds(db: Executor, keys: { name: string; kind: string }[]): Promise<ComponentRow[]> {
    if (keys.length === 0) return [];
    const names = [...new Set(keys.map((k) => k.name))];
    const rows = await db.select().from(components).where(inArray(components.name, names));
    const wanted = new Set(keys.map((k) => `${k.kind}\u0000${k.name}`));
    return rows.filter((r) => wanted.has(`${r.kind}\u0000${r.name}`));
  },

  async insert(db: Executor, values: NewComponentRow): Promise<ComponentRow> {
    const [row] = await db.insert(components).values(values).returning();
    return row!;
  },

  /** Bulk insert (YAML registration, bench seeding); the caller chunks very large sets. */
  async insertMany(db: Executor, values: NewComponentRow[]): Promise<ComponentRow[]> {
    if (values.length === 0) return [];
    return db.insert(components).values(values).returning();
  },

  async update(db: Executor, id: string, changes: ComponentChanges): Promise<ComponentRow | undefined> {
    const [row] = await db
      .update(components)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(components.id, id))
      .returning();
    return row;
  },

  async delete(db: Executor, id: string): Promise<ComponentRow | undefined> {
    const [row] = await db.delete(components).where(eq(components.id, id)).returning();
    return row;
  },

  /** Whether another row holds this name+kind (the 409 check before a write). */
  async nameKindTaken(db: Executor, name: string, kind: string, exceptId?: string): Promise<boolean> {
    const row = await this.findByNameKind(db, name, kind);
    return !!row && row.id !== exceptId;
  },
};
