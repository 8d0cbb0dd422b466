import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { catalogRoutes } from './catalog.routes.js';
import { createCatalogService } from './catalog.service.js';

export { catalogLookup, CATALOG_CACHE_NS } from './catalog.lookup.js';
export { ComponentSchema, type Component } from './catalog.schemas.js';
export { KIND_GROUPS, KINDS, LIFECYCLES, type ComponentKind, type KindGroup } from './catalog.kinds.js';
export { toComponent, type CatalogService } from './catalog.service.js';
export type { ComponentEvent } from './catalog.events.js';

/** The component catalog: CRUD, YAML descriptors and git locations, with a cached read path. */
export async function catalogModule(app: App, ctx: AppContext) {
  const service = createCatalogService(ctx);
  await app.register(catalogRoutes, { service });
}
