import type { ApiSpecsConfig } from '../../config/api-specs.js';
import type { Database } from '../../db/client.js';
import type { EventPublisher } from '../../infra/events.js';
import type { App, HangarModule } from '../../kernel/types.js';
import type { PermissionsService } from '../permissions/index.js';
import { apiSpecsRoutes } from './api-specs.routes.js';
import { createApiSpecsService, type ApiSpecsService } from './api-specs.service.js';
import { SpecWorkerPool } from './spec/worker-pool.js';

export type { ApiSpecsService } from './api-specs.service.js';

export interface ApiSpecsDeps {
  db: Database;
  events: EventPublisher;
  config: ApiSpecsConfig;
  /** The app's body limit; the register route allows more for specs (see below). */
  maxBodyBytes: number;
  /** The permission policy: members of the owning team write its specs (decision 951). */
  permissions: Pick<PermissionsService, 'require'>;
}

/** API specifications of catalog components: validation, lifecycle, breaking-change diff and consumers. */
export function createApiSpecsModule({
  db,
  events,
  config,
  maxBodyBytes,
  permissions,
}: ApiSpecsDeps): HangarModule<ApiSpecsService> {
  const { maxBytes, workers: size, workerHeapMb, diffMaxBytes, diffTimeoutMs, diffCacheBytes } = config;
  // Threads start on the first registration or diff, not at start: each holds its own V8 heap and
  // the validators' schemas (tens of MB), which an idle server should not pay for.
  const workers = new SpecWorkerPool(size, undefined, workerHeapMb);
  const service = createApiSpecsService({
    db,
    events,
    workers,
    maxBytes,
    permissions,
    diff: { maxBytes: diffMaxBytes, timeoutMs: diffTimeoutMs, cacheBytes: diffCacheBytes },
  });
  return {
    service,
    async routes(app: App) {
      app.addHook('onClose', () => workers.close());
      // Twice the spec limit: a spec sent as a JSON string grows with escaping (newlines, quotes).
      await app.register(apiSpecsRoutes, { service, bodyLimit: Math.max(maxBodyBytes, maxBytes * 2) });
    },
  };
}

export { apiSpecsFactsLookup } from './api-specs.scorecard-facts.js';
