import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { CATALOG_CACHE_NS } from '../catalog/index.js';
import { teamsRoutes } from './teams.routes.js';
import { createTeamsService } from './teams.service.js';

export { teamsLookup } from './teams.lookup.js';
export { createTeamsService, type TeamsService } from './teams.service.js';

export async function teamsModule(app: App, ctx: AppContext) {
  const service = createTeamsService({
    db: ctx.db,
    userExists: async (userId) => (await ctx.auth.findUser(userId)) !== undefined,
    componentsChanged: () => ctx.cache.invalidate(CATALOG_CACHE_NS),
  });
  await app.register(teamsRoutes, { service });
}
