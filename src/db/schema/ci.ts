import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ts } from './columns.js';

/** Webhook deliveries already processed: a replay of the same delivery within 24 h is skipped. */
export const ciWebhookDeliveries = pgTable(
  'ci_webhook_deliveries',
  {
    id: id(),
    platform: text('platform').notNull(),
    deliveryId: text('delivery_id').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ci_webhook_deliveries_platform_delivery_key').on(t.platform, t.deliveryId),
    index('ci_webhook_deliveries_received_idx').on(t.receivedAt),
  ],
);
