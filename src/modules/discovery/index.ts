import type { Infrastructure } from '../../context.js';
import { integrationRules } from '../../integrations/outbound/policy.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { registerDiscoveryJobs } from './discovery.jobs.js';
import type { DiscoveryProviders } from './discovery.ports.js';
import { discoveryRoutes } from './discovery.routes.js';
import type { DiscoveryCatalogPort } from './discovery.reader.js';
import { createDiscoveryService, type DiscoveryCredentialsPort, type DiscoveryService } from './discovery.service.js';
import { discoveryReceivers } from './discovery.webhooks.js';

export type { DiscoveryProviders } from './discovery.ports.js';

export interface DiscoveryDeps extends Pick<Infrastructure, 'db' | 'config' | 'jobs' | 'log'> {
  providers: DiscoveryProviders;
  /** The catalog's location verbs: a repository's file is registered as any location is. */
  catalog: DiscoveryCatalogPort;
  credentials: DiscoveryCredentialsPort;
}

/**
 * Catalog discovery (issue 37, decisions 1010–1016): GitHub organizations/users and GitLab groups
 * scanned on a schedule and refreshed by push webhooks; every catalog file becomes a catalog location.
 */
export function createDiscoveryModule(
  deps: DiscoveryDeps,
): HangarModule<DiscoveryService> & { receivers: ReturnType<typeof discoveryReceivers> } {
  const { db, config, jobs, log } = deps;
  const service = createDiscoveryService({
    db,
    log,
    providers: deps.providers,
    catalog: deps.catalog,
    credentials: deps.credentials,
    outbound: integrationRules(config.outbound),
    maxInFlight: config.discovery.maxInFlight,
    requestTimeoutMs: config.discovery.requestTimeoutMs,
    queueScan: async (sourceId, trigger) => {
      await jobs.enqueue('discovery.scan', { sourceId, trigger });
    },
  });
  registerDiscoveryJobs(jobs, () => service, config.discovery.tickMs);
  const receivers = discoveryReceivers({
    sourcesFor: service.sourcesFor,
    queueRefresh: async (sourceId, externalId) => {
      await jobs.enqueue('discovery.refresh-repository', { sourceId, externalId });
    },
  });
  return {
    service,
    receivers,
    async routes(app: App) {
      await app.register(discoveryRoutes, { service });
    },
  };
}
