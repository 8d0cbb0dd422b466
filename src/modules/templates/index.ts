import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { defineTemplateJobs } from './templates.jobs.js';
import { templatesRoutes } from './templates.routes.js';
import { createTemplatesService } from './templates.service.js';

export { createTemplatesService } from './templates.service.js';

export { templatesSearchSource } from './templates.search-source.js';

/** Service templates and scaffolding: built-ins seeded at start, the scaffold job (its crash recovery is declared in templates.jobs.ts). */
export async function templatesModule(app: App, ctx: AppContext) {
  const service = createTemplatesService(ctx);
  defineTemplateJobs(ctx, service);
  await service.seedBuiltins();
  await app.register(templatesRoutes, { service });
}
