import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { OpenCostAdapter } from '../../integrations/opencost/opencost.adapter.js';
import { defineCostJobs } from './cost.jobs.js';
import { costRoutes } from './cost.routes.js';
import { createCostService } from './cost.service.js';

export type { Allocation } from './cost.ports.js';

export { createCostService } from './cost.service.js';

/** Infrastructure cost from OpenCost (decision 600): live allocations, synced records, summaries. */
export async function costModule(app: App, ctx: AppContext) {
  const service = createCostService({
    db: ctx.db,
    source: new OpenCostAdapter(ctx.config.cost.url),
    currency: ctx.config.cost.currency,
    services: ctx.services,
  });
  defineCostJobs(ctx, service);
  await app.register(costRoutes, { service });
}
