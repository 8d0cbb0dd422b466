import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { teamsRoutes } from './teams.routes.js';
import { createTeamsService } from './teams.service.js';

export { teamsLookup } from './teams.lookup.js';
export { teamsSearchSource } from './teams.search-source.js';
export { createTeamsService } from './teams.service.js';
export { teamsCatalogVerbs } from './teams.catalog.js';
export { TeamSchema } from './teams.schemas.js';

export async function teamsModule(app: App, ctx: AppContext) {
  const service = createTeamsService({
    db: ctx.db,
    userExists: async (userId) => (await ctx.auth.findUser(userId)) !== undefined,
    // Lazily: the catalog registers its service whenever its plugin runs (order does not matter).
    catalog: () => ctx.services.catalog,
  });
  await app.register(teamsRoutes, { service });
}
