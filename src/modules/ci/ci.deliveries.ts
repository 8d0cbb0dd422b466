import type { Infrastructure } from '../../context.js';
import type { Caller } from '../../kernel/caller.js';
import { ciRepository } from './ci.repository.js';
import { toBuildEvent, type WebhookPlatform } from './ci.webhooks.js';

/** One accepted CI webhook delivery, as the route queued it. */
export interface CiWebhookDelivery {
  platform: WebhookPlatform;
  /** The platform's id of the delivery (replays of it are dropped); null: none given, always processed. */
  deliveryId: string | null;
  body: Record<string, unknown>;
  receivedAt: string;
}

/**
 * The CI module's webhook verbs, called by its jobs with a system caller (decision 925): a delivery is
 * recorded once (replays within 24 h are dropped, in any process, by the unique index), then mapped to
 * `ci.build.updated`; recorded deliveries older than the replay window are purged.
 */
export function ciDeliveryVerbs(ctx: Pick<Infrastructure, 'db' | 'events' | 'log'>) {
  return {
    /** `fallbackId`: names the build event when the platform gave no delivery id (the job's id). */
    async processDelivery(_caller: Caller, delivery: CiWebhookDelivery, fallbackId: string): Promise<void> {
      const { platform, deliveryId, body, receivedAt } = delivery;
      const event = toBuildEvent(platform, body, receivedAt, deliveryId ?? fallbackId);
      const fresh = deliveryId === null || (await ciRepository.recordDelivery(ctx.db, platform, deliveryId));
      if (!fresh) {
        ctx.log.info({ platform }, 'ci webhook delivery replayed within 24 h; ignored');
        return;
      }
      ctx.events.emit('ci.build.updated', event);
    },

    async purgeExpiredDeliveries(_caller: Caller): Promise<number> {
      return ciRepository.purgeDeliveries(ctx.db);
    },
  };
}
