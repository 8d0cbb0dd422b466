import type { Infrastructure } from '../../context.js';
import type { Git } from '../../integrations/git/git.port.js';
import type { App, HangarModule } from '../../kernel/types.js';
import type { CatalogApiSpecsPort } from './catalog.apis.js';
import type { CatalogPermissionsPort } from './catalog.permissions.js';
import { createBrowseService } from './catalog.browse.js';
import { catalogEntityRoutes } from './catalog.entities.routes.js';
import { catalogFacetsRoutes, createFacetsService } from './catalog.facets.js';
import { defineCatalogJobs } from './catalog.jobs.js';
import { createRegisterService } from './catalog.register.js';
import { catalogRoutes } from './catalog.routes.js';
import { createComponentsService } from './catalog.service.js';

export { catalogLookup, catalogScorecardLookup, type ScorecardSubject } from './catalog.lookup.js';
export { catalogSearchSources } from './catalog.search-source.js';

export interface CatalogDeps extends Pick<Infrastructure, 'db' | 'cache' | 'events' | 'config' | 'jobs' | 'log'> {
  /** Clones of catalog locations. */
  git: Git;
  /** The api-specs module's verbs: API entities' definitions become spec versions of their component. */
  apiSpecs: CatalogApiSpecsPort;
  /** The permission policy every write asks (decision 951). */
  permissions: CatalogPermissionsPort;
}

function buildCatalog(deps: CatalogDeps) {
  const components = createComponentsService(deps);
  const register = createRegisterService({ ...deps, components });
  const browse = createBrowseService({ db: deps.db, permissions: deps.permissions });
  const { committed: _committed, ...verbs } = components;
  return { components, register, browse, service: { ...verbs, ...register, ...browse } };
}

/** The catalog's verbs other modules are handed, caller first. */
export type CatalogService = ReturnType<typeof buildCatalog>['service'];

/** The component catalog: Backstage entities (components, groups, people, relations), locations, search. */
export function createCatalogModule(deps: CatalogDeps): HangarModule<CatalogService> {
  const { components, register, browse, service } = buildCatalog(deps);
  defineCatalogJobs(deps, service);
  return {
    service,
    async routes(app: App) {
      await app.register(catalogRoutes, { service: components });
      await app.register(catalogEntityRoutes, { register, browse });
      await app.register(catalogFacetsRoutes, { service: createFacetsService(deps, components.listFilter) });
    },
  };
}
