import type { Infrastructure } from '../../context.js';
import { defineJob, type Jobs } from '../../infra/jobs/catalog.js';
import { ciRepository } from './ci.repository.js';
import { toBuildEvent, type CiBuildUpdated, type WebhookPlatform } from './ci.webhooks.js';

export interface CiWebhookJob {
  platform: WebhookPlatform;
  /** The platform's id of the delivery (replays of it are dropped); null: none given, always processed. */
  deliveryId: string | null;
  body: Record<string, unknown>;
  receivedAt: string;
}

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'ci.webhook': CiWebhookJob;
    'ci.webhook.purge': Record<string, never>;
  }
}

declare module '../../infra/events.js' {
  interface EventMap {
    /** A CI webhook reported a build changing status. */
    'ci.build.updated': CiBuildUpdated;
  }
}

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Webhook processing: a delivery is recorded once (replays within 24 h are dropped, in any process,
 * by the unique index), then mapped to `ci.build.updated`. Recorded deliveries older than the replay
 * window are purged hourly.
 */
export function defineCiJobs(ctx: Pick<Infrastructure, 'db' | 'jobs' | 'events' | 'log'>) {
  ctx.jobs.define(
    defineJob({
      name: 'ci.webhook',
      attempts: 3,
      backoff: { type: 'exponential', delayMs: 500 },
      timeoutMs: 30_000,
      concurrency: 4,
      async run({ payload, signal, jobId }) {
        const p = payload as CiWebhookJob;
        signal.throwIfAborted();
        const event = toBuildEvent(p.platform, p.body, p.receivedAt, p.deliveryId ?? jobId);
        const fresh = p.deliveryId === null || (await ciRepository.recordDelivery(ctx.db, p.platform, p.deliveryId));
        if (!fresh) {
          ctx.log.info({ platform: p.platform }, 'ci webhook delivery replayed within 24 h; ignored');
          return;
        }
        ctx.events.emit('ci.build.updated', event);
      },
    }),
  );
  ctx.jobs.define(
    defineJob({
      name: 'ci.webhook.purge',
      async run() {
        const purged = await ciRepository.purgeDeliveries(ctx.db);
        if (purged > 0) ctx.log.debug({ purged }, 'purged ci webhook delivery ids');
      },
    }),
  );
  ctx.jobs.schedule({ id: 'ci-webhook-purge', job: 'ci.webhook.purge', payload: {}, everyMs: PURGE_EVERY_MS });
}

export async function queueWebhook(jobs: Jobs, platform: WebhookPlatform, deliveryId: string | null, body: Record<string, unknown>) {
  await jobs.enqueue('ci.webhook', { platform, deliveryId, body, receivedAt: new Date().toISOString() });
}
