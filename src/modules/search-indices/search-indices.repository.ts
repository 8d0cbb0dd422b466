import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { componentSearchIndices } from '../../db/schema/index.js';

export type SearchIndexRow = typeof componentSearchIndices.$inferSelect;

const t = componentSearchIndices;
const byAge = [asc(t.createdAt), asc(t.id)] as const;

export const searchIndicesRepository = {
  async listForComponent(db: Executor, componentId: string): Promise<SearchIndexRow[]> {
    return db
      .select()
      .from(t)
      .where(eq(t.componentId, componentId))
      .orderBy(...byAge);
  },
  async insert(db: Executor, values: typeof t.$inferInsert): Promise<SearchIndexRow> {
    const [row] = await db.insert(t).values(values).returning();
    return row!;
  },
  async find(db: Executor, componentId: string, id: string): Promise<SearchIndexRow | undefined> {
    const [row] = await db
      .select()
      .from(t)
      .where(and(eq(t.id, id), eq(t.componentId, componentId)))
      .limit(1);
    return row;
  },
  async delete(db: Executor, componentId: string, id: string): Promise<boolean> {
    const rows = await db
      .delete(t)
      .where(and(eq(t.id, id), eq(t.componentId, componentId)))
      .returning({ id: t.id });
    return rows.length > 0;
  },
  /** All links, or those made in one organization. */
  async listAll(db: Executor, organizationId: string | null): Promise<SearchIndexRow[]> {
    const q = db.select().from(t);
    return (organizationId ? q.where(eq(t.organizationId, organizationId)) : q).orderBy(...byAge);
  },
};
