import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { createBrowseService } from './catalog.browse.js';
import { catalogEntityRoutes } from './catalog.entities.routes.js';
import { catalogFacetsRoutes, createFacetsService } from './catalog.facets.js';
import { registerCatalogJobs } from './catalog.jobs.js';
import { createRegisterService } from './catalog.register.js';
import { catalogRoutes } from './catalog.routes.js';
import { createComponentsService } from './catalog.service.js';

export { catalogLookup } from './catalog.lookup.js';
export { catalogSearchSources } from './catalog.search-source.js';

function buildCatalog(ctx: AppContext) {
  const components = createComponentsService(ctx);
  const register = createRegisterService({ ...ctx, components });
  const browse = createBrowseService({ db: ctx.db });
  const { committed: _committed, ...verbs } = components;
  return { components, register, browse, service: { ...verbs, ...register, ...browse } };
}

/** The catalog's verbs other modules call (through `ctx.services.catalog`), caller first. */
export type CatalogService = ReturnType<typeof buildCatalog>['service'];

declare module '../../context.js' {
  interface ModuleServices {
    catalog: CatalogService;
  }
}

/** The component catalog: Backstage entities (components, groups, people, relations), locations, search. */
export async function catalogModule(app: App, ctx: AppContext) {
  const { components, register, browse, service } = buildCatalog(ctx);
  ctx.services.catalog = service;
  registerCatalogJobs(ctx.jobs, register, ctx.config.catalog.refreshIntervalS);
  await app.register(catalogRoutes, { service: components });
  await app.register(catalogEntityRoutes, { register, browse });
  await app.register(catalogFacetsRoutes, { service: createFacetsService(ctx, components.listFilter) });
}
