import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client.js';
import type { Jobs } from '../../infra/jobs/catalog.js';
import { newMessageId } from './webhooks.delivery.js';
import { coalesced, type freshDeliveries } from './webhooks.hot-path.js';
import { webhooksRepository as repo, type SubscriptionRow } from './webhooks.repository.js';

/** One insert for every subscription an event goes to, then one job each (decision 1095). */
export function deliveryEnqueuer(db: Database, jobs: Jobs, fresh: ReturnType<typeof freshDeliveries>) {
  // Events fanned out while an insert runs share the next one (decision 1113); if that statement fails
  // (a subscription deleted meanwhile), each event is written alone, so one event's failure is its own.
  const insertDeliveries = coalesced(async (batches: Parameters<typeof repo.insertDeliveries>[1][]) => {
    try {
      return await repo.insertDeliveries(db, batches.flat());
    } catch (err) {
      if (batches.length === 1) throw err;
      const each = await Promise.allSettled(batches.map((batch) => repo.insertDeliveries(db, batch)));
      return each.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
    }
  });

  return async function enqueue(subs: SubscriptionRow[], type: string, data: unknown) {
    const payload = JSON.stringify({ type, timestamp: new Date().toISOString(), data });
    const values = subs.map((sub) => ({
      id: randomUUID(),
      subscriptionId: sub.id,
      messageId: newMessageId(),
      eventType: type,
      payload,
      status: 'pending',
    }));
    const ids = new Set<string>(values.map((v) => v.id));
    const rows = (await insertDeliveries(values)).filter((row) => ids.has(row.id));
    if (rows.length !== values.length) throw new Error(`the deliveries of a ${type} event could not be written`);
    const byId = new Map(subs.map((sub) => [sub.id, sub]));
    for (const delivery of rows) fresh.remember(delivery, byId.get(delivery.subscriptionId)!);
    await Promise.all(
      rows.map((delivery) =>
        jobs.enqueue('webhooks.deliver', { deliveryId: delivery.id, subscriptionId: delivery.subscriptionId }),
      ),
    );
    return rows;
  };
}
