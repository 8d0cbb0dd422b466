import type { EventAudience } from '../../infra/events.js';
import type { Caller } from '../../kernel/caller.js';
import { NotFound } from '../../kernel/errors.js';
import { deliveryAttempts } from './webhooks.attempt.js';
import type { WebhooksServiceDeps } from './webhooks.deps.js';
import { deliveryEnqueuer } from './webhooks.enqueue.js';
import { activeSubscriptions, deliveredWriter, freshDeliveries } from './webhooks.hot-path.js';
import './webhooks.events.js';
import { webhooksRepository as repo, type AttemptRow } from './webhooks.repository.js';
import {
  subscriptionAccess,
  subscriptionChangeVerbs,
  subscriptionRecordVerbs,
  type SubscriptionAccess,
} from './webhooks.subscriptions.js';
import { deliveryView } from './webhooks.views.js';

export type { WebhooksServiceDeps } from './webhooks.deps.js';

/** `catalog.*` matches `catalog.entity.updated`; `*` matches everything; otherwise the exact name (decision 991). */
export const matches = (patterns: readonly string[], type: string) =>
  patterns.some((p) => p === '*' || p === type || (p.endsWith('.*') && type.startsWith(p.slice(0, -1))));

/** The webhooks service: subscriptions' verbs, and deliveries' in deliveryVerbs (decision 1170). */
export function createWebhooksService(deps: WebhooksServiceDeps) {
  const access = subscriptionAccess(deps);
  const active = activeSubscriptions(deps.db);
  return {
    ...subscriptionRecordVerbs(deps, access, active),
    ...subscriptionChangeVerbs(deps, access, active),
    ...deliveryVerbs(deps, access, active),
  };
}

function deliveryVerbs(
  { db, jobs, log, retryScale, attempt, events }: WebhooksServiceDeps,
  { requireSub }: SubscriptionAccess,
  active: ReturnType<typeof activeSubscriptions>,
) {
  const fresh = freshDeliveries(db);
  const markDelivered = deliveredWriter(db);
  const enqueue = deliveryEnqueuer(db, jobs, fresh);
  return {
    async test(caller: Caller, id: string) {
      const sub = await requireSub(caller, id);
      return deliveryView((await enqueue([sub], 'ping', { subscriptionId: sub.id }))[0]!);
    },
    async deliveries(caller: Caller, id: string, limit: number) {
      const sub = await requireSub(caller, id);
      const rows = await repo.deliveries(db, sub.id, limit);
      const attempts = new Map<string, AttemptRow[]>();
      for (const a of await repo.attemptsOf(
        db,
        rows.map((d) => d.id),
      ))
        attempts.set(a.deliveryId, [...(attempts.get(a.deliveryId) ?? []), a]);
      return rows.map((d) => deliveryView(d, attempts.get(d.id)));
    },
    async redeliver(caller: Caller, id: string, deliveryId: string) {
      const sub = await requireSub(caller, id);
      const old = await repo.delivery(db, deliveryId);
      if (!old || old.subscriptionId !== sub.id) throw new NotFound('Delivery not found');
      const delivery = await repo.insertDelivery(db, {
        subscriptionId: sub.id,
        messageId: old.messageId,
        eventType: old.eventType,
        payload: old.payload,
        status: 'pending',
      });
      await jobs.enqueue('webhooks.deliver', { deliveryId: delivery.id, subscriptionId: sub.id });
      return deliveryView(delivery);
    },

    /** A domain event: one delivery per active subscription of its organization whose patterns match (decision 991). */
    async onEvent(type: string, data: unknown, audience: EventAudience | undefined) {
      // The gateway's walls: an organization's events only; a user's own notifications never leave.
      if (!audience?.organizationId || audience.userId) return;
      const subs = (await active.get(audience.organizationId)).filter((sub) => matches(sub.events, type));
      if (subs.length > 0) await enqueue(subs, type, data);
    },

    /** One attempt of a delivery (the `webhooks.deliver` job, decisions 993, 1111, 1112). */
    attemptDelivery: deliveryAttempts({ db, jobs, log, events, retryScale, attempt, fresh, markDelivered, active }),
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
