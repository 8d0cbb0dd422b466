import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { environments } from '../../db/schema/index.js';

export type EnvironmentRow = typeof environments.$inferSelect;

export const environmentsRepository = {
  async list(db: Executor, skip: number, take: number) {
    const [data, [total]] = await Promise.all([
      db
        .select()
        .from(environments)
        .orderBy(asc(environments.order), asc(environments.name), asc(environments.id))
        .offset(skip)
        .limit(take),
      db.select({ n: count() }).from(environments),
    ]);
    return { data, total: total!.n };
  },

  async findById(db: Executor, id: string): Promise<EnvironmentRow | undefined> {
    const [row] = await db.select().from(environments).where(eq(environments.id, id)).limit(1);
    return row;
  },

  async insert(db: Executor, values: typeof environments.$inferInsert): Promise<EnvironmentRow> {
    const [row] = await db.insert(environments).values(values).returning();
    return row!;
  },

  async update(
    db: Executor,
    id: string,
    values: Partial<typeof environments.$inferInsert>,
  ): Promise<EnvironmentRow | undefined> {
    const [row] = await db
      .update(environments)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(environments.id, id))
      .returning();
    return row;
  },

  /** Its deployments go with it (foreign key cascade). */
  async delete(db: Executor, id: string): Promise<boolean> {
    const rows = await db.delete(environments).where(eq(environments.id, id)).returning({ id: environments.id });
    return rows.length > 0;
  },
};
