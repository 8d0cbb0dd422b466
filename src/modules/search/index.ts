import type { Database } from '../../db/client.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { catalogSearchSources } from '../catalog/index.js';
import { teamsSearchSource } from '../teams/index.js';
import { templatesSearchSource } from '../templates/index.js';
import { searchRoutes } from './search.routes.js';
import { createSearchService, type SearchService } from './search.service.js';

/** Search across modules: it reads only the read models the owners export, and owns its vocabulary of name words (decision 180). */
export function createSearchModule({ db }: { db: Database }): HangarModule<SearchService> {
  const service = createSearchService({
    db,
    sources: { ...catalogSearchSources, team: teamsSearchSource, template: templatesSearchSource },
  });
  return {
    service,
    async routes(app: App) {
      await app.register(searchRoutes, { service });
    },
  };
}
