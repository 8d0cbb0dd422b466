import type { Infrastructure } from '../../context.js';
import { factsChangedOn } from '../../infra/events.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { defineRegistryJobs, VULN_SYNC_JOB } from './registry.jobs.js';
import type { RegistryPort } from './registry.ports.js';
import { registryRoutes } from './registry.routes.js';
import { createRegistryService, type RegistryService } from './registry.service.js';

export type { ScanResult } from './registry.ports.js';
export type { RegistryPort } from './registry.ports.js';
export { createRegistryService, type RegistryService } from './registry.service.js';

export interface RegistryModuleDeps extends Pick<Infrastructure, 'db' | 'jobs' | 'queue' | 'events'> {
  /** The registry `REGISTRY_TYPE` selects, built on first use; undefined: none configured. */
  registry: (() => RegistryPort) | undefined;
}

/** Container registries (decision 600: cloudreg_a, cloudreg_b, …) and the vulnerabilities of components' images. */
export function createRegistryModule({
  db,
  jobs,
  queue,
  registry,
  events,
}: RegistryModuleDeps): HangarModule<RegistryService> {
  // Only a durable queue outlives this process: without it the sync runs inline and reports its count.
  const durable = queue.durable;
  const service = createRegistryService({
    db,
    adapter: registry,
    // The components whose findings a sync replaced (decision 550).
    factsChanged: factsChangedOn(events),
    enqueueSync: durable ? async (componentId) => void (await jobs.enqueue(VULN_SYNC_JOB, { componentId })) : undefined,
  });
  defineRegistryJobs({ jobs }, service);
  return {
    service,
    async routes(app: App) {
      await app.register(registryRoutes, { service });
    },
  };
}

export { registryFactsLookup } from './registry.scorecard-facts.js';
