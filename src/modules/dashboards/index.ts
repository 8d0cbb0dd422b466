import type { Database } from '../../db/client.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { dashboardsRoutes } from './dashboards.routes.js';
import { createDashboardsService, type DashboardsService } from './dashboards.service.js';

export function createDashboardsModule({ db }: { db: Database }): HangarModule<DashboardsService> {
  const service = createDashboardsService({ db });
  return {
    service,
    async routes(app: App) {
      await app.register(dashboardsRoutes, { service });
    },
  };
}
