import type { App, HangarModule } from '../../kernel/types.js';
import { incidentsRoutes } from './incidents.routes.js';
import { createIncidentsService, type IncidentsService, type IncidentsServiceDeps } from './incidents.service.js';
import { createPostMortemsService } from './post-mortems.service.js';
import './incidents.events.js';

export function createIncidentsModule(deps: IncidentsServiceDeps): HangarModule<IncidentsService> {
  const incidents = createIncidentsService(deps);
  const postMortems = createPostMortemsService({ db: deps.db, permissions: deps.permissions });
  return {
    service: incidents,
    async routes(app: App) {
      await app.register(incidentsRoutes, { incidents, postMortems });
    },
  };
}

export { incidentsFactsLookup } from './incidents.scorecard-facts.js';
