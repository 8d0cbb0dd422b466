import type { App, HangarModule } from '../../kernel/types.js';
import { permissionsRoutes } from './permissions.routes.js';
import { createPermissionsService, type PermissionsDeps, type PermissionsService } from './permissions.service.js';

export { EntityPermissionsSchema } from './permissions.schemas.js';
export type { EntityAsk, EntityPermissionsView, PermissionsService } from './permissions.service.js';

export function createPermissionsModule(deps: PermissionsDeps): HangarModule<PermissionsService> {
  const service = createPermissionsService(deps);
  return {
    service,
    async routes(app: App) {
      await app.register(permissionsRoutes, { service });
    },
  };
}
