import { defineJob, type Jobs } from '../../infra/jobs/catalog.js';
import type { Database } from '../../db/client.js';
import { SubscriptionLanes } from './webhooks.lanes.js';
import { webhooksRepository as repo } from './webhooks.repository.js';
import type { WebhooksService } from './webhooks.service.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    /** `subscriptionId` spares the lane a query; `waits` counts turns sent back to the queue over the lane's cap (decisions 1048, 1097). */
    'webhooks.deliver': { deliveryId: string; subscriptionId?: string; waits?: number };
  }
}

/**
 * Deliveries run through the job queue (durable on BullMQ), many at once; each subscription has its
 * own lane of `perSubscription` attempts in this process (decision 1097): a fast lane's extra
 * deliveries wait for a slot in the process, a slow one's go back to the queue for about as long as
 * the attempts ahead of them take, so a receiver that never answers holds only its own slots.
 */
export function registerWebhookJobs(
  jobs: Jobs,
  db: Database,
  service: WebhooksService,
  opts: { concurrency: number; perSubscription: number },
) {
  const lanes = new SubscriptionLanes(opts.perSubscription);
  jobs.define(
    defineJob({
      name: 'webhooks.deliver',
      concurrency: opts.concurrency,
      // An attempt is bounded by its own 10 s timeout; the job's limit is a backstop.
      timeoutMs: 30_000,
      run: async ({ payload }) => {
        const subscriptionId = payload.subscriptionId ?? (await repo.delivery(db, payload.deliveryId))?.subscriptionId;
        if (!subscriptionId) return;
        const slot = await lanes.acquire(subscriptionId, (payload.waits ?? 0) > 0);
        if ('deferMs' in slot) {
          await jobs.enqueue(
            'webhooks.deliver',
            { ...payload, subscriptionId, waits: (payload.waits ?? 0) + 1 },
            { delayMs: slot.deferMs },
          );
          return;
        }
        // The slot is the receiver's: freed when it has answered, before the outcome is written (decision 1111).
        const answered = (durationMs: number) => {
          lanes.observe(subscriptionId, durationMs);
          slot.release();
        };
        try {
          await service.attemptDelivery(payload.deliveryId, answered);
        } finally {
          slot.release();
        }
      },
    }),
  );
}
