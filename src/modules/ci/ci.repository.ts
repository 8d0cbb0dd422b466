import { and, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ciWebhookDeliveries } from '../../db/schema/index.js';

/** How long a delivery id is remembered: a replay inside this window is not processed again. */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;

export const ciRepository = {
  /**
   * Records a delivery; false when the same delivery was recorded within the replay window. The
   * unique index makes this hold across processes (two copies racing: one insert wins).
   */
  async recordDelivery(db: Executor, platform: string, deliveryId: string, now = new Date()): Promise<boolean> {
    const cutoff = new Date(now.getTime() - REPLAY_WINDOW_MS);
    // A copy older than the window (not yet purged) no longer counts.
    await db
      .delete(ciWebhookDeliveries)
      .where(
        and(
          eq(ciWebhookDeliveries.platform, platform),
          eq(ciWebhookDeliveries.deliveryId, deliveryId),
          lt(ciWebhookDeliveries.receivedAt, cutoff),
        ),
      );
    const rows = await db
      .insert(ciWebhookDeliveries)
      .values({ platform, deliveryId, receivedAt: now })
      .onConflictDoNothing({ target: [ciWebhookDeliveries.platform, ciWebhookDeliveries.deliveryId] })
      .returning({ id: ciWebhookDeliveries.id });
    return rows.length > 0;
  },

  /** Forgets a delivery whose processing failed, so the sender's retry is processed. */
  async forgetDelivery(db: Executor, platform: string, deliveryId: string): Promise<void> {
    await db
      .delete(ciWebhookDeliveries)
      .where(and(eq(ciWebhookDeliveries.platform, platform), eq(ciWebhookDeliveries.deliveryId, deliveryId)));
  },

  async purgeDeliveries(db: Executor, now = new Date()): Promise<number> {
    const rows = await db
      .delete(ciWebhookDeliveries)
      .where(lt(ciWebhookDeliveries.receivedAt, new Date(now.getTime() - REPLAY_WINDOW_MS)))
      .returning({ id: ciWebhookDeliveries.id });
    return rows.length;
  },
};
