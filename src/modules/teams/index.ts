import type { App, HangarModule } from '../../kernel/types.js';
import { teamsRoutes } from './teams.routes.js';
import { createTeamsService, type TeamsService, type TeamsServiceDeps } from './teams.service.js';

export { teamsLookup } from './teams.lookup.js';
export { teamsSearchSource } from './teams.search-source.js';
export { createTeamsService } from './teams.service.js';
export { teamsCatalogVerbs } from './teams.catalog.js';
export { teamsSignInVerbs } from './teams.sign-in.js';
export { TeamSchema } from './teams.schemas.js';

export function createTeamsModule(deps: TeamsServiceDeps): HangarModule<TeamsService> {
  const service = createTeamsService(deps);
  return {
    service,
    async routes(app: App) {
      await app.register(teamsRoutes, { service });
    },
  };
}
