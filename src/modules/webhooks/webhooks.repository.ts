import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { webhookDeliveries, webhookSubscriptions } from '../../db/schema/index.js';

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Queries of the webhook tables (decision 990); no rules. */
export const webhooksRepository = {
  async insert(db: Executor, values: typeof webhookSubscriptions.$inferInsert) {
    const [row] = await db.insert(webhookSubscriptions).values(values).returning();
    return row!;
  },
  async list(db: Executor, organizationId: string) {
    return db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.organizationId, organizationId)).orderBy(desc(webhookSubscriptions.createdAt));
  },
  async activeOf(db: Executor, organizationId: string) {
    return db
      .select()
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.organizationId, organizationId), eq(webhookSubscriptions.active, true)));
  },
  async find(db: Executor, organizationId: string, id: string) {
    const [row] = await db
      .select()
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.organizationId, organizationId), eq(webhookSubscriptions.id, id)));
    return row;
  },
  async byId(db: Executor, id: string) {
    const [row] = await db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
    return row;
  },
  async update(db: Executor, id: string, values: Partial<typeof webhookSubscriptions.$inferInsert>) {
    const [row] = await db.update(webhookSubscriptions).set(values).where(eq(webhookSubscriptions.id, id)).returning();
    return row;
  },
  async delete(db: Executor, organizationId: string, id: string) {
    const rows = await db
      .delete(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.organizationId, organizationId), eq(webhookSubscriptions.id, id)))
      .returning({ id: webhookSubscriptions.id });
    return rows.length > 0;
  },
  async insertDelivery(db: Executor, values: typeof webhookDeliveries.$inferInsert) {
    const [row] = await db.insert(webhookDeliveries).values(values).returning();
    return row!;
  },
  async delivery(db: Executor, id: string) {
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return row;
  },
  async updateDelivery(db: Executor, id: string, values: Partial<typeof webhookDeliveries.$inferInsert>) {
    await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
  },
  async deliveries(db: Executor, subscriptionId: string, limit: number) {
    return db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.subscriptionId, subscriptionId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit);
  },
};
