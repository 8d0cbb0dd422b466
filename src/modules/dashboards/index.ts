import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { dashboardsRoutes } from './dashboards.routes.js';
import { createDashboardsService } from './dashboards.service.js';

export async function dashboardsModule(app: App, ctx: AppContext) {
  await app.register(dashboardsRoutes, { service: createDashboardsService({ db: ctx.db }) });
}
