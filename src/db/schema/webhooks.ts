import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.js';
import { organizations } from './organizations.js';

/** Outbound webhook subscriptions of an organization (decisions 990–999). Secrets are stored as given: they sign, they are never shown again. */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    description: text('description').notNull().default(''),
    active: boolean('active').notNull().default(true),
    secret: text('secret').notNull(),
    /** The secret before the last rotation, still signing until `previousSecretExpiresAt`. */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    /** Since when every delivery has failed (null: the last one succeeded); five days of it disable the subscription. */
    failingSince: ts('failing_since'),
    disabledReason: text('disabled_reason'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_subscriptions_org_idx').on(t.organizationId)],
);

/** One message to one subscription, and its attempts' latest outcome. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header: the same on every attempt, so receivers deduplicate. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: text('payload').notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    responseCode: integer('response_code'),
    responseBody: text('response_body'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.createdAt.desc(), t.id.desc())],
);

/**
 * Every attempt of a delivery, first try and each retry (decision 1112): what `GET …/deliveries` lists.
 * Bounded by the retry schedule (eight at most) and deleted with its delivery.
 */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    /** 1 for the first try of the delivery. */
    attempt: integer('attempt').notNull(),
    /** `succeeded` (a 2xx) or `failed` (anything else, a timeout, a refusal). */
    status: text('status').notNull(),
    startedAt: ts('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    responseCode: integer('response_code'),
    /** The first kilobyte of the response. */
    responseBody: text('response_body'),
    error: text('error'),
  },
  (t) => [index('webhook_delivery_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);
