import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { ElasticsearchAdapter } from '../../integrations/elasticsearch/elasticsearch.adapter.js';
import { outboundFetch } from '../../integrations/outbound/fetch.js';
import { searchIndicesRoutes } from './search-indices.routes.js';
import { createSearchIndicesService } from './search-indices.service.js';
import { searchRules } from './search-indices.urls.js';

export type { SearchClusterPort } from './search-indices.ports.js';

export { createSearchIndicesService } from './search-indices.service.js';

/** Links of components to Elasticsearch/OpenSearch indices with live stats (decision 201). */
export async function searchIndicesModule(app: App, ctx: AppContext) {
  const cfg = ctx.config.search;
  const cluster = new ElasticsearchAdapter({ username: cfg.username, password: cfg.password, apiKey: cfg.apiKey }, { fetch: outboundFetch(searchRules(cfg)) });
  await app.register(searchIndicesRoutes, { service: createSearchIndicesService({ db: ctx.db, cluster, config: cfg }) });
}
