import type { Infrastructure } from '../../context.js';
import { defineJob, type Jobs } from '../../infra/jobs/catalog.js';
import { systemCaller } from '../../kernel/caller.js';
import type { CiWebhookDelivery } from './ci.deliveries.js';
import type { CiService } from './ci.service.js';
import type { CiBuildUpdated, WebhookPlatform } from './ci.webhooks.js';

declare module '../../infra/jobs/catalog.js' {
  interface JobMap {
    'ci.webhook': CiWebhookDelivery;
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
 * The webhook jobs call the service's delivery verbs with a system caller (decisions 925, 926):
 * processing retries on a database fault; the hourly purge drops expired delivery ids.
 */
export function defineCiJobs(
  ctx: Pick<Infrastructure, 'jobs' | 'log'>,
  service: Pick<CiService, 'processDelivery' | 'purgeExpiredDeliveries'>,
) {
  ctx.jobs.define(
    defineJob({
      name: 'ci.webhook',
      attempts: 3,
      backoff: { type: 'exponential', delayMs: 500 },
      timeoutMs: 30_000,
      concurrency: 4,
      async run({ payload, signal, jobId }) {
        signal.throwIfAborted();
        await service.processDelivery(systemCaller(), payload, jobId);
      },
    }),
  );
  ctx.jobs.define(
    defineJob({
      name: 'ci.webhook.purge',
      async run() {
        const purged = await service.purgeExpiredDeliveries(systemCaller());
        if (purged > 0) ctx.log.debug({ purged }, 'purged ci webhook delivery ids');
      },
    }),
  );
  ctx.jobs.schedule({ id: 'ci-webhook-purge', job: 'ci.webhook.purge', payload: {}, everyMs: PURGE_EVERY_MS });
}

export async function queueWebhook(
  jobs: Jobs,
  platform: WebhookPlatform,
  deliveryId: string | null,
  body: Record<string, unknown>,
) {
  await jobs.enqueue('ci.webhook', { platform, deliveryId, body, receivedAt: new Date().toISOString() });
}
