import type { Infrastructure } from '../../context.js';
import { isSocketEvent, type EventAudience, type EventBus } from '../../infra/events.js';
import type { App, HangarModule } from '../../kernel/types.js';
import type { OutboundRules } from '../../integrations/outbound/policy.js';
import { organizationsLookup } from '../organizations/index.js';
import { deliverer } from './webhooks.delivery.js';
import type { WebhookTransport } from './webhooks.ports.js';
import { registerWebhookJobs } from './webhooks.jobs.js';
import { webhooksRoutes } from './webhooks.routes.js';
import { createWebhooksService, type WebhooksService } from './webhooks.service.js';

export type WebhooksDeps = Pick<Infrastructure, 'db' | 'config' | 'jobs' | 'log' | 'audit' | 'events'> & {
  /** The receivers' side: the HTTP adapter built in src/adapters/ (decision 1040). */
  transport: WebhookTransport;
};
export type { WebhookPost, WebhookPostResult, WebhookTransport } from './webhooks.ports.js';

/**
 * The one place domain events reach webhooks (decision 991): every event the socket gateway sends,
 * heard on the one in-process bus (decision 920); internal events are never delivered.
 */
export function subscribeToDomainEvents(
  bus: Pick<EventBus, 'onAny'>,
  onEvent: (type: string, data: unknown, audience: EventAudience | undefined) => void,
) {
  bus.onAny((name, payload, audience) => {
    if (isSocketEvent(name)) onEvent(name, payload, audience);
  });
}

/** The outbound policy for receivers (decision 200): private networks only with WEBHOOK_ALLOW_PRIVATE_NETWORKS. */
export const webhookRules = (config: Infrastructure['config']): OutboundRules => ({
  allowedHosts: config.outbound.allowedHosts,
  allowKinds: config.webhooks.allowPrivateNetworks ? ['loopback', 'private'] : [],
  setting: 'WEBHOOK_ALLOW_PRIVATE_NETWORKS',
});

/** Outbound webhooks (decisions 990–999): subscriptions, signed deliveries through the job queue. */
export function createWebhooksModule({
  db,
  config,
  jobs,
  log,
  audit,
  events,
  transport,
}: WebhooksDeps): HangarModule<WebhooksService> {
  const service = createWebhooksService({
    db,
    jobs,
    log,
    audit,
    events,
    transport,
    retryScale: config.webhooks.retryScale,
    attempt: deliverer(transport, config.webhooks.timeoutMs),
    roleOf: (organizationId, userId) => organizationsLookup.roleOf(db, organizationId, userId),
  });
  registerWebhookJobs(jobs, db, service, {
    concurrency: config.webhooks.deliveryConcurrency,
    perSubscription: config.webhooks.subscriptionConcurrency,
  });
  subscribeToDomainEvents(events, (type, data, audience) => {
    service
      .onEvent(type, data, audience)
      .catch((err: unknown) => log.error({ err, type }, 'could not queue webhook deliveries'));
  });
  return {
    service,
    async routes(app: App) {
      await app.register(webhooksRoutes, { service });
    },
  };
}
