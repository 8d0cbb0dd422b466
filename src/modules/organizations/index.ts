import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { organizationsRoutes } from './organizations.routes.js';
import { createOrganizationsService } from './organizations.service.js';

export { resolveOrganizationContext } from './organizations.context.js';
export { organizationsLookup } from './organizations.lookup.js';

export async function organizationsModule(app: App, ctx: AppContext) {
  const service = createOrganizationsService({
    db: ctx.db,
    userExists: async (userId) => (await ctx.auth.findUser(userId)) !== undefined,
    membershipChanged: (userId, organizationId, member) => ctx.events.membershipChanged?.(userId, organizationId, member),
  });
  await app.register(organizationsRoutes, { service });
}
