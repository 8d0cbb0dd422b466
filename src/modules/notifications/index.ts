import type { App, HangarModule } from '../../kernel/types.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createDirectory, type DirectoryDeps } from './notifications.directory.js';
import { createNotificationsService, type NotificationsService, type NotificationsServiceDeps } from './notifications.service.js';

type NotificationsDeps = Omit<NotificationsServiceDeps, 'directory'> & DirectoryDeps;

/** Per-user notifications derived from domain events (decisions 740–743). */
export function createNotificationsModule(deps: NotificationsDeps): HangarModule<NotificationsService> {
  const service = createNotificationsService({ ...deps, directory: createDirectory(deps) });
  return {
    service,
    async routes(app: App) {
      await app.register(notificationsRoutes, { service });
    },
  };
}
