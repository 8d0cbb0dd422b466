import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { apiSpecsRoutes } from './api-specs.routes.js';
import { createApiSpecsService } from './api-specs.service.js';

export type { ApiSpecsService } from './api-specs.service.js';
export { diffSpecs, type SpecDiffResult } from './api-specs.diff.js';

/** API specifications of catalog components: lifecycle, diff and consumers. */
export async function apiSpecsModule(app: App, ctx: AppContext) {
  const service = createApiSpecsService({ db: ctx.db, events: ctx.events, cache: ctx.cache });
  await app.register(apiSpecsRoutes, { service });
}
