import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { EventAudience } from '../../infra/events.js';
import type { Jobs } from '../../infra/jobs/catalog.js';
import { checkHttpUrl, type OutboundRules } from '../../integrations/outbound/policy.js';
import type { Caller } from '../../kernel/caller.js';
import { Forbidden, Invalid, NotFound } from '../../kernel/errors.js';
import type { AuditPort } from '../audit/index.js';
import { DISABLE_AFTER_MS, RETRY_SCHEDULE_MS, newMessageId, newSecret, type AttemptResult } from './webhooks.delivery.js';
import { webhooksRepository as repo, type DeliveryRow, type SubscriptionRow } from './webhooks.repository.js';

export interface SubscriptionBody {
  url: string;
  events: string[];
  description?: string;
  active?: boolean;
}

const view = (r: SubscriptionRow) => ({
  id: r.id,
  organizationId: r.organizationId,
  url: r.url,
  events: r.events,
  description: r.description,
  active: r.active,
  disabledReason: r.disabledReason,
  failingSince: r.failingSince,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
const deliveryView = (d: DeliveryRow) => ({
  id: d.id,
  messageId: d.messageId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  responseCode: d.responseCode,
  responseBody: d.responseBody,
  durationMs: d.durationMs,
  error: d.error,
  nextAttemptAt: d.nextAttemptAt,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

/** `catalog.*` matches `catalog.entity.updated`; `*` matches everything; otherwise the exact name (decision 991). */
export const matches = (patterns: readonly string[], type: string) =>
  patterns.some((p) => p === '*' || p === type || (p.endsWith('.*') && type.startsWith(p.slice(0, -1))));

export interface WebhooksServiceDeps {
  db: Database;
  jobs: Jobs;
  log: FastifyBaseLogger;
  audit: AuditPort;
  rules: OutboundRules;
  retryScale: number;
  attempt(sub: SubscriptionRow, messageId: string, body: string): Promise<AttemptResult>;
  roleOf(organizationId: string, userId: string): Promise<string | undefined>;
}

export function createWebhooksService({ db, jobs, log, audit, rules, retryScale, attempt, roleOf }: WebhooksServiceDeps) {
  /** Organization owners and admins (and global admins) manage an organization's subscriptions (decision 990). */
  async function orgOf(caller: Caller): Promise<string> {
    if (!caller.organizationId)
      throw new Invalid('X-Organization-Id is required: subscriptions belong to an organization', [{ field: 'x-organization-id', problem: 'is required' }]);
    if (caller.actor.isAdmin) return caller.organizationId;
    const role = await roleOf(caller.organizationId, caller.actor.userId);
    if (role !== 'owner' && role !== 'admin') throw new Forbidden("Only the organization's owners and admins manage its webhooks");
    return caller.organizationId;
  }
  async function requireSub(caller: Caller, id: string) {
    const row = await repo.find(db, await orgOf(caller), id);
    if (!row) throw new NotFound('Webhook subscription not found');
    return row;
  }
  const checkUrl = async (url: string) => (await checkHttpUrl(rules, url, 'url')).url.href;

  async function enqueue(sub: SubscriptionRow, type: string, data: unknown) {
    const payload = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
    const delivery = await repo.insertDelivery(db, { subscriptionId: sub.id, messageId: newMessageId(), eventType: type, payload, status: 'pending' });
    await jobs.enqueue('webhooks.deliver', { deliveryId: delivery.id });
    return delivery;
  }

  return {
    async create(caller: Caller, body: SubscriptionBody) {
      const organizationId = await orgOf(caller);
      const url = await checkUrl(body.url);
      const secret = newSecret();
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insert(tx, {
          organizationId,
          url,
          events: body.events,
          description: body.description ?? '',
          active: body.active ?? true,
          secret,
          createdBy: caller.actor.userId,
        });
        await audit.record(tx, {
          caller,
          action: 'webhooks.subscription.create',
          resource: { type: 'webhook-subscription', id: inserted.id, ref: url },
          changes: { url: [null, url], events: [null, body.events], secret: [null, '***'] },
        });
        return inserted;
      });
      return { ...view(row), secret };
    },
    async list(caller: Caller) {
      return (await repo.list(db, await orgOf(caller))).map(view);
    },
    async get(caller: Caller, id: string) {
      return view(await requireSub(caller, id));
    },
    async update(caller: Caller, id: string, body: Partial<SubscriptionBody>) {
      const before = await requireSub(caller, id);
      const values: Partial<SubscriptionRow> = {};
      if (body.url !== undefined) values.url = await checkUrl(body.url);
      if (body.events !== undefined) values.events = body.events;
      if (body.description !== undefined) values.description = body.description;
      if (body.active !== undefined) Object.assign(values, { active: body.active, ...(body.active ? { disabledReason: null, failingSince: null } : {}) });
      const row = await db.transaction(async (tx) => {
        const after = (await repo.update(tx, id, values))!;
        const changes = Object.fromEntries(
          Object.keys(values).map((k) => [k, [before[k as keyof SubscriptionRow] ?? null, after[k as keyof SubscriptionRow] ?? null]]),
        ) as Record<string, [unknown, unknown]>;
        await audit.record(tx, { caller, action: 'webhooks.subscription.update', resource: { type: 'webhook-subscription', id, ref: after.url }, changes });
        return after;
      });
      return view(row);
    },
    async remove(caller: Caller, id: string) {
      const organizationId = await orgOf(caller);
      await db.transaction(async (tx) => {
        if (!(await repo.delete(tx, organizationId, id))) throw new NotFound('Webhook subscription not found');
        await audit.record(tx, { caller, action: 'webhooks.subscription.delete', resource: { type: 'webhook-subscription', id } });
      });
    },
    /** A new secret; the old one keeps signing (both signatures sent) for 24 hours (decision 992). */
    async rotateSecret(caller: Caller, id: string) {
      const sub = await requireSub(caller, id);
      const secret = newSecret();
      await db.transaction(async (tx) => {
        await repo.update(tx, id, { secret, previousSecret: sub.secret, previousSecretExpiresAt: new Date(Date.now() + 86_400_000) });
        await audit.record(tx, {
          caller,
          action: 'webhooks.subscription.rotate-secret',
          resource: { type: 'webhook-subscription', id, ref: sub.url },
          changes: { secret: ['***', '***'] },
        });
      });
      return { secret };
    },
    async test(caller: Caller, id: string) {
      const sub = await requireSub(caller, id);
      return deliveryView(await enqueue(sub, 'ping', { subscriptionId: sub.id }));
    },
    async deliveries(caller: Caller, id: string, limit: number) {
      const sub = await requireSub(caller, id);
      return (await repo.deliveries(db, sub.id, limit)).map(deliveryView);
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
      await jobs.enqueue('webhooks.deliver', { deliveryId: delivery.id });
      return deliveryView(delivery);
    },

    /** A domain event: one delivery per active subscription of its organization whose patterns match (decision 991). */
    async onEvent(type: string, data: unknown, audience: EventAudience | undefined) {
      // The gateway's walls: an organization's events only; a user's own notifications never leave.
      if (!audience?.organizationId || audience.userId) return;
      for (const sub of await repo.activeOf(db, audience.organizationId)) {
        if (matches(sub.events, type)) await enqueue(sub, type, data);
      }
    },

    /** One attempt of a delivery (the `webhooks.deliver` job): success, retry on the schedule, or give up (decision 993). */
    async attemptDelivery(deliveryId: string) {
      const delivery = await repo.delivery(db, deliveryId);
      if (!delivery || delivery.status === 'delivered' || delivery.status === 'failed') return;
      const sub = await repo.byId(db, delivery.subscriptionId);
      if (!sub || !sub.active) return repo.updateDelivery(db, deliveryId, { status: 'cancelled', nextAttemptAt: null });
      const result = await attempt(sub, delivery.messageId, delivery.payload);
      const attempts = delivery.attempts + 1;
      const outcome = { attempts, responseCode: result.status, responseBody: result.body, durationMs: result.durationMs, error: result.error };
      if (result.ok) {
        await repo.updateDelivery(db, deliveryId, { ...outcome, status: 'delivered', nextAttemptAt: null });
        if (sub.failingSince) await repo.update(db, sub.id, { failingSince: null });
        return;
      }
      const failingSince = sub.failingSince ?? new Date();
      if (result.status === 410 || Date.now() - failingSince.getTime() >= DISABLE_AFTER_MS) {
        const reason = result.status === 410 ? 'the receiver answered 410 Gone' : 'every delivery failed for 5 days';
        await repo.updateDelivery(db, deliveryId, { ...outcome, status: 'failed', nextAttemptAt: null });
        await repo.update(db, sub.id, { active: false, disabledReason: reason, failingSince });
        // The owners' notification: a warning in the log and the disabled reason on the subscription (decision 994).
        log.warn({ subscriptionId: sub.id, organizationId: sub.organizationId, reason }, 'webhook subscription disabled');
        return;
      }
      if (!sub.failingSince) await repo.update(db, sub.id, { failingSince });
      const delay = RETRY_SCHEDULE_MS[attempts - 1];
      if (delay === undefined) return repo.updateDelivery(db, deliveryId, { ...outcome, status: 'failed', nextAttemptAt: null });
      const scaled = Math.round(delay * retryScale);
      await repo.updateDelivery(db, deliveryId, { ...outcome, status: 'retrying', nextAttemptAt: new Date(Date.now() + scaled) });
      await jobs.enqueue('webhooks.deliver', { deliveryId }, { delayMs: scaled });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
