import type { App, HangarModule } from '../../kernel/types.js';
import { organizationsRoutes } from './organizations.routes.js';
import {
  createOrganizationsService,
  type OrganizationsService,
  type OrganizationsServiceDeps,
} from './organizations.service.js';

export { resolveOrganizationContext } from './organizations.context.js';
export { organizationsLookup } from './organizations.lookup.js';

export function createOrganizationsModule(deps: OrganizationsServiceDeps): HangarModule<OrganizationsService> {
  const service = createOrganizationsService(deps);
  return {
    service,
    async routes(app: App) {
      await app.register(organizationsRoutes, { service });
    },
  };
}
