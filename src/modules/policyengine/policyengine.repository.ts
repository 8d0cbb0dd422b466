import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { policyResults } from '../../db/schema/index.js';

export type PolicyResultRow = typeof policyResults.$inferSelect;

export const policyRepository = {
  async insert(db: Executor, values: typeof policyResults.$inferInsert): Promise<PolicyResultRow> {
    const [row] = await db.insert(policyResults).values(values).returning();
    return row!;
  },
  async listForComponent(db: Executor, componentId: string): Promise<PolicyResultRow[]> {
    return db
      .select()
      .from(policyResults)
      .where(eq(policyResults.componentId, componentId))
      .orderBy(desc(policyResults.evaluatedAt), desc(policyResults.id));
  },
};
