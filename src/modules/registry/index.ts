import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { registryAdapterFor } from './registry.adapters.js';
import { defineRegistryJobs, VULN_SYNC_JOB } from './registry.jobs.js';
import { registryRoutes } from './registry.routes.js';
import { createRegistryService } from './registry.service.js';

export type { ScanResult } from './registry.ports.js';
export { mapLimit } from './registry.ports.js';
export { createRegistryService } from './registry.service.js';

/** Container registries (decision 600: cloudreg_a, cloudreg_b, …) and the vulnerabilities of components' images. */
export async function registryModule(app: App, ctx: AppContext) {
  // Only a Redis-backed queue outlives this process: without it the sync runs inline and reports its count.
  const durable = ctx.queue.kind === 'bullmq';
  const service = createRegistryService({
    db: ctx.db,
    adapter: await registryAdapterFor(ctx.config.registry),
    enqueueSync: durable ? async (componentId) => void (await ctx.jobs.enqueue(VULN_SYNC_JOB, { componentId })) : undefined,
  });
  defineRegistryJobs(ctx, service);
  await app.register(registryRoutes, { service });
}
