import type { Caller } from '../../kernel/caller.js';
import { Forbidden, Invalid, NotFound } from '../../kernel/errors.js';
import { newSecret } from './webhooks.delivery.js';
import type { SubscriptionBody, WebhooksServiceDeps } from './webhooks.deps.js';
import type { activeSubscriptions } from './webhooks.hot-path.js';
import { webhooksRepository as repo, type SubscriptionRow } from './webhooks.repository.js';
import { subscriptionView as view } from './webhooks.views.js';

// The subscriptions' verbs (decision 1170: cut out of createWebhooksService).

type Active = ReturnType<typeof activeSubscriptions>;

export function subscriptionAccess({ db, roleOf }: WebhooksServiceDeps) {
  /** Organization owners and admins (and global admins) manage an organization's subscriptions (decision 990). */
  async function orgOf(caller: Caller): Promise<string> {
    if (!caller.organizationId)
      throw new Invalid('X-Organization-Id is required: subscriptions belong to an organization', [
        { field: 'x-organization-id', problem: 'is required' },
      ]);
    if (caller.actor.isAdmin) return caller.organizationId;
    const role = await roleOf(caller.organizationId, caller.actor.userId);
    if (role !== 'owner' && role !== 'admin')
      throw new Forbidden("Only the organization's owners and admins manage its webhooks");
    return caller.organizationId;
  }
  async function requireSub(caller: Caller, id: string) {
    const row = await repo.find(db, await orgOf(caller), id);
    if (!row) throw new NotFound('Webhook subscription not found');
    return row;
  }
  return { orgOf, requireSub };
}

export type SubscriptionAccess = ReturnType<typeof subscriptionAccess>;

/** Create, read and delete. */
export function subscriptionRecordVerbs(
  { db, audit, transport }: WebhooksServiceDeps,
  { orgOf, requireSub }: SubscriptionAccess,
  active: Active,
) {
  return {
    async create(caller: Caller, body: SubscriptionBody) {
      const organizationId = await orgOf(caller);
      const url = await transport.admit(body.url);
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
      active.forget(organizationId);
      return { ...view(row), secret };
    },
    async list(caller: Caller) {
      return (await repo.list(db, await orgOf(caller))).map(view);
    },
    async get(caller: Caller, id: string) {
      return view(await requireSub(caller, id));
    },
    async remove(caller: Caller, id: string) {
      const organizationId = await orgOf(caller);
      await db.transaction(async (tx) => {
        if (!(await repo.delete(tx, organizationId, id))) throw new NotFound('Webhook subscription not found');
        await audit.record(tx, {
          caller,
          action: 'webhooks.subscription.delete',
          resource: { type: 'webhook-subscription', id },
        });
      });
      active.forget(organizationId);
    },
  };
}

/** The columns an update sets: only the fields sent; reactivating clears the reason it was disabled. */
async function updatedValues(body: Partial<SubscriptionBody>, checkUrl: (url: string) => Promise<string>) {
  const values: Partial<SubscriptionRow> = {};
  if (body.url !== undefined) values.url = await checkUrl(body.url);
  if (body.events !== undefined) values.events = body.events;
  if (body.description !== undefined) values.description = body.description;
  if (body.active !== undefined)
    Object.assign(values, {
      active: body.active,
      ...(body.active ? { disabledReason: null, failingSince: null } : {}),
    });
  return values;
}

/** Edits: the subscription's fields and its secret. */
export function subscriptionChangeVerbs(
  { db, audit, transport }: WebhooksServiceDeps,
  { requireSub }: SubscriptionAccess,
  active: Active,
) {
  const checkUrl = (url: string) => transport.admit(url);
  return {
    async update(caller: Caller, id: string, body: Partial<SubscriptionBody>) {
      const before = await requireSub(caller, id);
      const values = await updatedValues(body, checkUrl);
      const row = await db.transaction(async (tx) => {
        const after = (await repo.update(tx, id, values))!;
        const changes = Object.fromEntries(
          Object.keys(values).map((k) => [
            k,
            [before[k as keyof SubscriptionRow] ?? null, after[k as keyof SubscriptionRow] ?? null],
          ]),
        ) as Record<string, [unknown, unknown]>;
        await audit.record(tx, {
          caller,
          action: 'webhooks.subscription.update',
          resource: { type: 'webhook-subscription', id, ref: after.url },
          changes,
        });
        return after;
      });
      active.forget(before.organizationId);
      return view(row);
    },
    /** A new secret; the old one keeps signing (both signatures sent) for 24 hours (decision 992). */
    async rotateSecret(caller: Caller, id: string) {
      const sub = await requireSub(caller, id);
      const secret = newSecret();
      await db.transaction(async (tx) => {
        await repo.update(tx, id, {
          secret,
          previousSecret: sub.secret,
          previousSecretExpiresAt: new Date(Date.now() + 86_400_000),
        });
        await audit.record(tx, {
          caller,
          action: 'webhooks.subscription.rotate-secret',
          resource: { type: 'webhook-subscription', id, ref: sub.url },
          changes: { secret: ['***', '***'] },
        });
      });
      active.forget(sub.organizationId);
      return { secret };
    },
  };
}
