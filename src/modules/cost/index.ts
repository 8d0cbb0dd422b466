import type { Infrastructure } from '../../context.js';
import { factsChangedOn } from '../../infra/events.js';
import type { App, HangarModule } from '../../kernel/types.js';
import type { CatalogService } from '../catalog/index.js';
import { defineCostJobs } from './cost.jobs.js';
import type { CostSourcePort } from './cost.ports.js';
import { costRoutes } from './cost.routes.js';
import { createCostService, type CostService } from './cost.service.js';

export type { Allocation } from './cost.ports.js';
export type { CostSourcePort } from './cost.ports.js';
export { createCostService } from './cost.service.js';

export interface CostDeps extends Pick<Infrastructure, 'db' | 'jobs' | 'log' | 'config' | 'events'> {
  /** OpenCost. */
  source: CostSourcePort;
  catalog: Pick<CatalogService, 'componentsOfTeam' | 'list'>;
}

/** Infrastructure cost from OpenCost (decision 600): live allocations, synced records, summaries. */
export function createCostModule(deps: CostDeps): HangarModule<CostService> {
  const service = createCostService({
    db: deps.db,
    source: deps.source,
    currency: deps.config.cost.currency,
    catalog: deps.catalog,
    // The components a sync stored records for (decision 550).
    factsChanged: factsChangedOn(deps.events),
  });
  defineCostJobs(deps, service);
  return {
    service,
    async routes(app: App) {
      await app.register(costRoutes, { service });
    },
  };
}

export { costFactsLookup } from './cost.scorecard-facts.js';
