import type { EventBus } from '../../infra/events.js';
import { systemCaller } from '../../kernel/caller.js';
import type { DoraService } from './dora.service.js';

/** Deployment statuses DORA counts (decision 568): its ingest job runs when a deployment reaches one. */
const SETTLED = new Set(['succeeded', 'rolled_back']);

/**
 * DORA hears every writer of deployments on the bus (decision 920): a deployment that reaches
 * `succeeded` or `rolled_back` queues its ingest (decision 568); the sweep catches anything missed.
 */
export function subscribeDeployments(events: Pick<EventBus, 'on'>, dora: Pick<DoraService, 'deploymentSettled'>) {
  events.on(['deployment.created', 'deployment.updated'], (d, audience) =>
    SETTLED.has(d.status)
      ? dora.deploymentSettled(systemCaller({ organizationId: audience?.organizationId ?? null }), d.id)
      : undefined,
  );
}
