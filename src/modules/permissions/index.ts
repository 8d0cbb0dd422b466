import type { Database } from '../../db/client.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { permissionsRoutes } from './permissions.routes.js';
import { createPermissionsService, type PermissionsService } from './permissions.service.js';

export { can, ACTIONS, type Action, type Decision, type Subject } from './permissions.policy.js';
export { EntityPermissionsSchema } from './permissions.schemas.js';
export type { EntityPermissions, PermissionsService } from './permissions.service.js';

export function createPermissionsModule({ db }: { db: Database }): HangarModule<PermissionsService> {
  const service = createPermissionsService({ db });
  return {
    service,
    async routes(app: App) {
      await app.register(permissionsRoutes, { service });
    },
  };
}
