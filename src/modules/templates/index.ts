import type { Config } from '../../config/config.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { defineTemplateJobs } from './templates.jobs.js';
import { templatesRoutes } from './templates.routes.js';
import { createTemplatesService, type TemplatesDeps, type TemplatesService } from './templates.service.js';

export { createTemplatesService } from './templates.service.js';

export { templatesSearchSource } from './templates.search-source.js';

/** Service templates and scaffolding: built-ins seeded at start, the scaffold job (its crash recovery is declared in templates.jobs.ts). */
export function createTemplatesModule(deps: TemplatesDeps & { config: Config }): HangarModule<TemplatesService> {
  const service = createTemplatesService(deps);
  defineTemplateJobs(deps, service);
  return {
    service,
    async routes(app: App) {
      await service.seedBuiltins();
      await app.register(templatesRoutes, { service });
    },
  };
}
