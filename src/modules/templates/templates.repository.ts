import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { scaffoldRequests, serviceTemplates } from '../../db/schema/index.js';

export type TemplateRow = typeof serviceTemplates.$inferSelect;
export type TemplateInsert = typeof serviceTemplates.$inferInsert;
export type ScaffoldRow = typeof scaffoldRequests.$inferSelect;

export interface TemplateFilter {
  language?: string;
  framework?: string;
  organizationId?: string;
}

export const templatesRepository = {
  /**
   * Seeds the built-ins in one statement: ON CONFLICT (name) makes two processes starting at once
   * safe, and the WHERE keeps updatedAt still unless a shipped definition really changed.
   */
  async upsertBuiltins(db: Executor, rows: TemplateInsert[]) {
    if (rows.length === 0) return;
    await db
      .insert(serviceTemplates)
      .values(rows)
      .onConflictDoUpdate({
        target: serviceTemplates.name,
        set: {
          description: sql`excluded.description`,
          language: sql`excluded.language`,
          framework: sql`excluded.framework`,
          tags: sql`excluded.tags`,
          repositoryUrl: sql`excluded.repository_url`,
          variables: sql`excluded.variables`,
          isBuiltIn: sql`true`,
          organizationId: sql`NULL`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`(${serviceTemplates.description}, ${serviceTemplates.language}, ${serviceTemplates.framework}, ${serviceTemplates.tags}, ${serviceTemplates.repositoryUrl}, ${serviceTemplates.variables}, ${serviceTemplates.isBuiltIn}, ${serviceTemplates.organizationId})
          IS DISTINCT FROM (excluded.description, excluded.language, excluded.framework, excluded.tags, excluded.repository_url, excluded.variables, true, NULL::uuid)`,
      });
  },

  async list(db: Executor, f: TemplateFilter, skip: number, take: number) {
    const conds: SQL[] = [];
    if (f.language !== undefined) conds.push(eq(serviceTemplates.language, f.language));
    if (f.framework !== undefined) conds.push(eq(serviceTemplates.framework, f.framework));
    if (f.organizationId !== undefined) conds.push(eq(serviceTemplates.organizationId, f.organizationId));
    const where = conds.length ? and(...conds) : undefined;
    const [data, [total]] = await Promise.all([
      db.select().from(serviceTemplates).where(where).orderBy(asc(serviceTemplates.name), asc(serviceTemplates.id)).offset(skip).limit(take),
      db.select({ n: count() }).from(serviceTemplates).where(where),
    ]);
    return { data, total: total!.n };
  },

  async findById(db: Executor, id: string): Promise<TemplateRow | undefined> {
    const [row] = await db.select().from(serviceTemplates).where(eq(serviceTemplates.id, id)).limit(1);
    return row;
  },

  async findIdByName(db: Executor, name: string): Promise<string | undefined> {
    const [row] = await db.select({ id: serviceTemplates.id }).from(serviceTemplates).where(eq(serviceTemplates.name, name)).limit(1);
    return row?.id;
  },

  async insert(db: Executor, values: TemplateInsert): Promise<TemplateRow> {
    const [row] = await db.insert(serviceTemplates).values(values).returning();
    return row!;
  },

  async update(db: Executor, id: string, values: Partial<TemplateInsert>): Promise<TemplateRow | undefined> {
    const [row] = await db
      .update(serviceTemplates)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(serviceTemplates.id, id))
      .returning();
    return row;
  },

  async remove(db: Executor, id: string): Promise<boolean> {
    const rows = await db.delete(serviceTemplates).where(eq(serviceTemplates.id, id)).returning({ id: serviceTemplates.id });
    return rows.length > 0;
  },

  // --- scaffold requests ---

  async insertRequest(db: Executor, values: typeof scaffoldRequests.$inferInsert): Promise<ScaffoldRow> {
    const [row] = await db.insert(scaffoldRequests).values(values).returning();
    return row!;
  },

  async deleteRequest(db: Executor, id: string): Promise<void> {
    await db.delete(scaffoldRequests).where(eq(scaffoldRequests.id, id));
  },

  async findRequest(db: Executor, id: string): Promise<ScaffoldRow | undefined> {
    const [row] = await db.select().from(scaffoldRequests).where(eq(scaffoldRequests.id, id)).limit(1);
    return row;
  },

  async listRequests(db: Executor, requestedBy: string | undefined, skip: number, take: number) {
    const where = requestedBy === undefined ? undefined : eq(scaffoldRequests.requestedBy, requestedBy);
    const [data, [total]] = await Promise.all([
      db.select().from(scaffoldRequests).where(where).orderBy(desc(scaffoldRequests.createdAt), desc(scaffoldRequests.id)).offset(skip).limit(take),
      db.select({ n: count() }).from(scaffoldRequests).where(where),
    ]);
    return { data, total: total!.n };
  },

  /** pending -> in_progress, and in_progress stays (a restarted job); finished requests are not touched. */
  async markInProgress(db: Executor, id: string): Promise<ScaffoldRow | undefined> {
    const [row] = await db
      .update(scaffoldRequests)
      .set({ status: 'in_progress', statusMessage: null, updatedAt: new Date() })
      .where(and(eq(scaffoldRequests.id, id), inArray(scaffoldRequests.status, ['pending', 'in_progress'])))
      .returning();
    return row;
  },

  async finish(db: Executor, id: string, values: { status: 'completed' | 'failed'; statusMessage: string; renderedFiles: string[] | null; componentId?: string | null }) {
    const [row] = await db
      .update(scaffoldRequests)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(scaffoldRequests.id, id))
      .returning();
    return row;
  },

  async unfinishedRequestIds(db: Executor): Promise<string[]> {
    const rows = await db
      .select({ id: scaffoldRequests.id })
      .from(scaffoldRequests)
      .where(inArray(scaffoldRequests.status, ['pending', 'in_progress']))
      .orderBy(asc(scaffoldRequests.createdAt));
    return rows.map((r) => r.id);
  },
};
