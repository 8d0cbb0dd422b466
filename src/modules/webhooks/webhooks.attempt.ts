import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { EventPublisher } from '../../infra/events.js';
import type { Jobs } from '../../infra/jobs/catalog.js';
import { DISABLE_AFTER_MS, RETRY_SCHEDULE_MS, type AttemptResult } from './webhooks.delivery.js';
import type { activeSubscriptions, deliveredWriter, freshDeliveries } from './webhooks.hot-path.js';
import { webhooksRepository as repo, type SubscriptionRow } from './webhooks.repository.js';

type DeliveryValues = Parameters<typeof repo.recordFailure>[3];

export interface AttemptDeps {
  db: Database;
  jobs: Jobs;
  log: FastifyBaseLogger;
  events: EventPublisher;
  retryScale: number;
  attempt(sub: SubscriptionRow, messageId: string, body: string): Promise<AttemptResult>;
  fresh: ReturnType<typeof freshDeliveries>;
  markDelivered: ReturnType<typeof deliveredWriter>;
  /** The fan-out's cached subscriptions: a disabled one is forgotten at once (decision 1113). */
  active: Pick<ReturnType<typeof activeSubscriptions>, 'forget'>;
}

/**
 * One attempt of a delivery (the `webhooks.deliver` job): success, retry on the schedule, or give up
 * (decision 993). Every attempt keeps its own row (decision 1112). `answered` hears the receiver's
 * answer (or failure) before the outcome is written: the lane frees its slot then (decision 1111).
 */
export function deliveryAttempts(deps: AttemptDeps) {
  const { db, jobs, log, events, retryScale, attempt, fresh, markDelivered, active } = deps;
  async function disable(sub: SubscriptionRow, reason: string, failingSince: Date) {
    await repo.update(db, sub.id, { active: false, disabledReason: reason, failingSince });
    active.forget(sub.organizationId);
    log.warn({ subscriptionId: sub.id, organizationId: sub.organizationId, reason }, 'webhook subscription disabled');
    // The organization's owners and admins are told through the notifications module, a subscriber of the bus (decision 1043).
    events.emit(
      'webhook.subscription.disabled',
      { subscriptionId: sub.id, organizationId: sub.organizationId, url: sub.url, reason },
      { organizationId: sub.organizationId },
    );
  }

  return async function attemptDelivery(deliveryId: string, answered?: (durationMs: number) => void) {
    const found = await fresh.load(deliveryId);
    if (!found) return;
    const { delivery, sub } = found;
    if (delivery.status === 'delivered' || delivery.status === 'failed') return;
    if (!sub || !sub.active) return repo.updateDelivery(db, deliveryId, { status: 'cancelled', nextAttemptAt: null });
    const result = await attempt(sub, delivery.messageId, delivery.payload);
    answered?.(result.durationMs);
    const row = {
      attempt: delivery.attempts + 1,
      startedAt: result.startedAt ?? new Date(Date.now() - result.durationMs),
      durationMs: result.durationMs,
      responseCode: result.status,
      responseBody: result.body,
    };
    if (result.ok) {
      await markDelivered({ id: deliveryId, ...row });
      if (sub.failingSince) await repo.update(db, sub.id, { failingSince: null });
      return;
    }
    const outcome = {
      attempts: row.attempt,
      responseCode: result.status,
      responseBody: result.body,
      durationMs: result.durationMs,
      error: result.error,
    };
    const failed = (values: DeliveryValues) =>
      repo.recordFailure(db, deliveryId, { ...row, error: result.error }, { ...outcome, ...values });
    const failingSince = sub.failingSince ?? new Date();
    if (result.status === 410 || Date.now() - failingSince.getTime() >= DISABLE_AFTER_MS) {
      await failed({ status: 'failed', nextAttemptAt: null });
      return disable(
        sub,
        result.status === 410 ? 'the receiver answered 410 Gone' : 'every delivery failed for 5 days',
        failingSince,
      );
    }
    if (!sub.failingSince) await repo.update(db, sub.id, { failingSince });
    const delay = RETRY_SCHEDULE_MS[row.attempt - 1];
    if (delay === undefined) return failed({ status: 'failed', nextAttemptAt: null });
    const scaled = Math.round(delay * retryScale);
    await failed({ status: 'retrying', nextAttemptAt: new Date(Date.now() + scaled) });
    await jobs.enqueue('webhooks.deliver', { deliveryId, subscriptionId: sub.id }, { delayMs: scaled });
  };
}
