import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { apiSpecsRoutes } from './api-specs.routes.js';
import { createApiSpecsService, type ApiSpecsService } from './api-specs.service.js';
import { SpecWorkerPool } from './spec/worker-pool.js';

declare module '../../context.js' {
  interface ModuleServices {
    /** API specs: `registerFromCatalog` and the idempotent `addConsumer` serve the catalog's API entities. */
    apiSpecs: ApiSpecsService;
  }
}

/** API specifications of catalog components: validation, lifecycle, breaking-change diff and consumers. */
export async function apiSpecsModule(app: App, ctx: AppContext) {
  const { maxBytes, workers: size, diffMaxBytes, diffTimeoutMs, diffCacheBytes } = ctx.config.apiSpecs;
  const workers = new SpecWorkerPool(size);
  app.addHook('onClose', () => workers.close());
  // Threads start on the first registration or diff, not at start: each holds its own V8 heap and
  // the validators' schemas (tens of MB), which an idle server should not pay for.
  const service = createApiSpecsService({
    db: ctx.db,
    events: ctx.events,
    workers,
    maxBytes,
    diff: { maxBytes: diffMaxBytes, timeoutMs: diffTimeoutMs, cacheBytes: diffCacheBytes },
  });
  ctx.services.apiSpecs = service;
  // Twice the spec limit: a spec sent as a JSON string grows with escaping (newlines, quotes).
  await app.register(apiSpecsRoutes, { service, bodyLimit: Math.max(ctx.config.maxBodyBytes, maxBytes * 2) });
}
