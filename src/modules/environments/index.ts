import type { Database } from '../../db/client.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { environmentsRoutes } from './environments.routes.js';
import { createEnvironmentsService, type EnvironmentsService } from './environments.service.js';

export { environmentsLookup } from './environments.lookup.js';

export function createEnvironmentsModule({ db }: { db: Database }): HangarModule<EnvironmentsService> {
  const service = createEnvironmentsService({ db });
  return {
    service,
    async routes(app: App) {
      await app.register(environmentsRoutes, { service });
    },
  };
}
