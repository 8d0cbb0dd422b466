import type { SearchConfig } from '../../config/search.js';
import type { Database } from '../../db/client.js';
import type { App, HangarModule } from '../../kernel/types.js';
import type { SearchClusterPort } from './search-indices.ports.js';
import { searchIndicesRoutes } from './search-indices.routes.js';
import { createSearchIndicesService, type SearchIndicesService } from './search-indices.service.js';

export type { SearchClusterPort } from './search-indices.ports.js';
export { createSearchIndicesService, type SearchIndicesService } from './search-indices.service.js';
export { searchRules } from './search-indices.urls.js';

export interface SearchIndicesDeps {
  db: Database;
  /** Elasticsearch or OpenSearch, behind the outbound policy of `searchRules`. */
  cluster: SearchClusterPort;
  config: SearchConfig;
}

/** Links of components to Elasticsearch/OpenSearch indices with live stats (decision 201). */
export function createSearchIndicesModule(deps: SearchIndicesDeps): HangarModule<SearchIndicesService> {
  const service = createSearchIndicesService(deps);
  return {
    service,
    async routes(app: App) {
      await app.register(searchIndicesRoutes, { service });
    },
  };
}
