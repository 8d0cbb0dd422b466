import { defineJob, type Jobs } from '../../infra/jobs/catalog.js';
import type { Database } from '../../db/client.js';
import { webhooksRepository as repo } from './webhooks.repository.js';
import type { WebhooksService } from './webhooks.service.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'webhooks.deliver': { deliveryId: string };
  }
}

/**
 * Deliveries run through the job queue (durable on BullMQ), many at once; one subscription holds at
 * most `perSubscription` of this process's slots, so a receiver that never answers delays only its
 * own deliveries (decision 995): an attempt over the cap goes back to the queue for a moment.
 */
export function registerWebhookJobs(jobs: Jobs, db: Database, service: WebhooksService, opts: { concurrency: number; perSubscription: number }) {
  const inFlight = new Map<string, number>();
  jobs.define(
    defineJob({
      name: 'webhooks.deliver',
      concurrency: opts.concurrency,
      // An attempt is bounded by its own 10 s timeout; the job's limit is a backstop.
      timeoutMs: 30_000,
      run: async ({ payload }) => {
        const delivery = await repo.delivery(db, payload.deliveryId);
        if (!delivery) return;
        const busy = inFlight.get(delivery.subscriptionId) ?? 0;
        if (busy >= opts.perSubscription) {
          await jobs.enqueue('webhooks.deliver', payload, { delayMs: 250 });
          return;
        }
        inFlight.set(delivery.subscriptionId, busy + 1);
        try {
          await service.attemptDelivery(payload.deliveryId);
        } finally {
          const left = (inFlight.get(delivery.subscriptionId) ?? 1) - 1;
          if (left <= 0) inFlight.delete(delivery.subscriptionId);
          else inFlight.set(delivery.subscriptionId, left);
        }
      },
    }),
  );
}
