import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { webhookDeliveries, webhookDeliveryAttempts, webhookSubscriptions } from '../../db/schema/index.js';

export type SubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookDeliveryAttempts.$inferSelect;
export type AttemptValues = Omit<typeof webhookDeliveryAttempts.$inferInsert, 'id' | 'deliveryId' | 'status'>;

/** Queries of the webhook tables (decision 990); no rules. */
export const webhooksRepository = {
  async insert(db: Executor, values: typeof webhookSubscriptions.$inferInsert) {
    const [row] = await db.insert(webhookSubscriptions).values(values).returning();
    return row!;
  },
  async list(db: Executor, organizationId: string) {
    return db
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.organizationId, organizationId))
      .orderBy(desc(webhookSubscriptions.createdAt));
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
  /** One statement for every matching subscription of an event (decision 1095). */
  async insertDeliveries(db: Executor, values: (typeof webhookDeliveries.$inferInsert)[]) {
    if (values.length === 0) return [];
    return db.insert(webhookDeliveries).values(values).returning();
  },
  /** A delivery and its subscription in one round trip (decision 1096). */
  async deliveryWithSubscription(db: Executor, id: string) {
    const [row] = await db
      .select({ delivery: webhookDeliveries, subscription: webhookSubscriptions })
      .from(webhookDeliveries)
      .leftJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
      .where(eq(webhookDeliveries.id, id));
    return row;
  },
  async delivery(db: Executor, id: string) {
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    return row;
  },
  async updateDelivery(db: Executor, id: string, values: Partial<typeof webhookDeliveries.$inferInsert>) {
    await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id));
  },
  /**
   * Many successful attempts in one statement (decision 1099): each delivery's outcome, and each
   * attempt's own row (decision 1112), written together by one CTE.
   */
  async markDelivered(db: Executor, rows: ({ id: string } & Required<Omit<AttemptValues, 'error'>>)[]) {
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map(
        (r) =>
          sql`(${r.id}::uuid, ${r.attempt}::int, ${r.responseCode}::int, ${r.responseBody}::text, ${r.durationMs}::int, ${r.startedAt.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      WITH v(id, attempt, code, body, ms, started) AS (VALUES ${values}),
      done AS (
        UPDATE ${webhookDeliveries} AS d SET status = 'delivered', attempts = v.attempt, response_code = v.code,
          response_body = v.body, duration_ms = v.ms, error = NULL, next_attempt_at = NULL, updated_at = now()
        FROM v WHERE d.id = v.id RETURNING d.id)
      INSERT INTO ${webhookDeliveryAttempts} (delivery_id, attempt, status, started_at, duration_ms, response_code, response_body)
      SELECT v.id, v.attempt, 'succeeded', v.started, v.ms, v.code, v.body FROM v JOIN done ON done.id = v.id`);
  },
  /** A failed attempt: its own row and the delivery's latest outcome (decision 1112). */
  async recordFailure(
    db: Executor,
    id: string,
    attempt: AttemptValues,
    delivery: Partial<typeof webhookDeliveries.$inferInsert>,
  ) {
    await Promise.all([
      db.insert(webhookDeliveryAttempts).values({ ...attempt, deliveryId: id, status: 'failed' }),
      db.update(webhookDeliveries).set(delivery).where(eq(webhookDeliveries.id, id)),
    ]);
  },
  /** The attempts of the listed deliveries, oldest first. */
  async attemptsOf(db: Executor, deliveryIds: string[]) {
    if (deliveryIds.length === 0) return [];
    return db
      .select()
      .from(webhookDeliveryAttempts)
      .where(inArray(webhookDeliveryAttempts.deliveryId, deliveryIds))
      .orderBy(
        asc(webhookDeliveryAttempts.deliveryId),
        asc(webhookDeliveryAttempts.attempt),
        asc(webhookDeliveryAttempts.startedAt),
      );
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
