import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { postMortems } from '../../db/schema/index.js';

export type PostMortemRow = typeof postMortems.$inferSelect;

export const postMortemsRepository = {
  async insert(db: Executor, values: typeof postMortems.$inferInsert): Promise<PostMortemRow> {
    const [row] = await db.insert(postMortems).values(values).returning();
    return row!;
  },

  async find(db: Executor, id: string): Promise<PostMortemRow | undefined> {
    const [row] = await db.select().from(postMortems).where(eq(postMortems.id, id)).limit(1);
    return row;
  },

  async findByIncident(db: Executor, incidentId: string): Promise<PostMortemRow | undefined> {
    const [row] = await db.select().from(postMortems).where(eq(postMortems.incidentId, incidentId)).limit(1);
    return row;
  },

  async update(
    db: Executor,
    id: string,
    values: Partial<typeof postMortems.$inferInsert>,
  ): Promise<PostMortemRow | undefined> {
    const [row] = await db
      .update(postMortems)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(postMortems.id, id))
      .returning();
    return row;
  },
};
