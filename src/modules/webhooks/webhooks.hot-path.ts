import type { Database } from '../../db/client.js';
import { webhooksRepository as repo, type DeliveryRow, type SubscriptionRow } from './webhooks.repository.js';

/** Fresh deliveries kept for their first attempt, and how long such an entry is trusted (decision 1096). */
const FRESH_MAX = 20_000;
const FRESH_TRUST_MS = 2_000;

/**
 * Deliveries just written by this process, read back by their first attempt without a query
 * (decision 1096). Only a young entry is trusted: a subscription disabled or deleted later is read
 * again from the database; a rotated secret still verifies for 24 hours.
 */
export function freshDeliveries(db: Database) {
  const fresh = new Map<string, { delivery: DeliveryRow; sub: SubscriptionRow; at: number }>();
  return {
    remember(delivery: DeliveryRow, sub: SubscriptionRow) {
      fresh.set(delivery.id, { delivery, sub, at: Date.now() });
      // Bounded: an entry whose job ran in another process (or never ran) is pushed out by newer ones.
      if (fresh.size > FRESH_MAX) fresh.delete(fresh.keys().next().value!);
    },
    async load(deliveryId: string): Promise<{ delivery: DeliveryRow; sub: SubscriptionRow | undefined } | undefined> {
      const entry = fresh.get(deliveryId);
      if (entry) {
        fresh.delete(deliveryId);
        if (Date.now() - entry.at < FRESH_TRUST_MS) return { delivery: entry.delivery, sub: entry.sub };
      }
      const row = await repo.deliveryWithSubscription(db, deliveryId);
      return row ? { delivery: row.delivery, sub: row.subscription ?? undefined } : undefined;
    },
  };
}

type Delivered = Parameters<typeof repo.markDelivered>[1][number];

/**
 * Successful outcomes written together (decisions 1099, 1113): the attempts finishing while the
 * previous statement runs share the next `UPDATE … FROM (VALUES …)`, and each job still waits for the
 * statement that writes its row.
 */
export const deliveredWriter = (db: Database) => coalesced<Delivered, void>((rows) => repo.markDelivered(db, rows));

/**
 * Writes coalesced (decision 1113): at most one statement of a kind in flight; whatever arrives while
 * it runs joins the next one. A slow database therefore gets fewer, larger statements instead of a
 * pool full of small ones (which made other callers wait past the pool's 5 s and fail).
 */
export function coalesced<T, R>(write: (items: T[]) => Promise<R>): (item: T) => Promise<R> {
  let open: { items: T[]; done: Promise<R> } | undefined;
  let previous: Promise<unknown> = Promise.resolve();
  return (item) => {
    if (!open) {
      const batch: { items: T[]; done: Promise<R> } = { items: [], done: Promise.resolve() as Promise<R> };
      batch.done = previous
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => {
          if (open === batch) open = undefined;
          return write(batch.items);
        });
      previous = batch.done.catch(() => undefined);
      open = batch;
    }
    open.items.push(item);
    return open.done;
  };
}

/** How long an organization's active subscriptions, read for an event's fan-out, are trusted (decision 1113). */
const ACTIVE_TRUST_MS = 1_000;

/**
 * The active subscriptions of an organization, read once a second at most for the fan-out (decision
 * 1113). This process's own changes forget the entry at once; another process's are seen within a
 * second, the same window as decision 1096's.
 */
export function activeSubscriptions(db: Database) {
  const cache = new Map<string, { at: number; subs: Promise<SubscriptionRow[]> }>();
  return {
    get(organizationId: string): Promise<SubscriptionRow[]> {
      const entry = cache.get(organizationId);
      if (entry && Date.now() - entry.at < ACTIVE_TRUST_MS) return entry.subs;
      const subs = repo.activeOf(db, organizationId);
      if (cache.size > 1_000) for (const [id, e] of cache) if (Date.now() - e.at >= ACTIVE_TRUST_MS) cache.delete(id);
      cache.set(organizationId, { at: Date.now(), subs });
      subs.catch(() => cache.delete(organizationId));
      return subs;
    },
    forget(organizationId: string) {
      cache.delete(organizationId);
    },
  };
}
