import type { DiscoveryDeps } from './discovery.deps.js';
import { scanVerbs, webhookRefreshVerbs } from './discovery.scans.js';
import { sourceVerbs } from './discovery.sources.js';

export type { DiscoveryCredentialsPort, DiscoveryDeps } from './discovery.deps.js';

/** The discovery service: sources, scans and webhook refreshes, one verb group each (decision 1170). */
export function createDiscoveryService(deps: DiscoveryDeps) {
  return { ...sourceVerbs(deps), ...scanVerbs(deps), ...webhookRefreshVerbs(deps) };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
