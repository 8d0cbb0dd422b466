import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { catalogSearchSources } from '../catalog/index.js';
import { teamsSearchSource } from '../teams/index.js';
import { templatesSearchSource } from '../templates/index.js';
import { searchRoutes } from './search.routes.js';
import { createSearchService } from './search.service.js';

/** Search across modules: it reads only the read models the owners export, and owns its vocabulary of name words (decision 180). */
export async function searchModule(app: App, ctx: AppContext) {
  const service = createSearchService({
    db: ctx.db,
    sources: { ...catalogSearchSources, team: teamsSearchSource, template: templatesSearchSource },
  });
  await app.register(searchRoutes, { service });
}
