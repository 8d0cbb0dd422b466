import type { Infrastructure } from '../../context.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { NOTIFYING_EVENTS } from './notifications.derive.js';
import { notificationsRoutes } from './notifications.routes.js';
import { createDirectory, type DirectoryDeps } from './notifications.directory.js';
import {
  createNotificationsService,
  type NotificationsService,
  type NotificationsServiceDeps,
} from './notifications.service.js';

type NotificationsDeps = Omit<NotificationsServiceDeps, 'directory' | 'events'> &
  DirectoryDeps &
  Pick<Infrastructure, 'events'>;

/** Per-user notifications derived from domain events (decisions 740–743), a subscriber of the bus (decision 920). */
export function createNotificationsModule(deps: NotificationsDeps): HangarModule<NotificationsService> {
  const service = createNotificationsService({ ...deps, directory: createDirectory(deps) });
  deps.events.on(NOTIFYING_EVENTS, (payload, audience, name) => service.observe(name, payload, audience));
  return {
    service,
    async routes(app: App) {
      await app.register(notificationsRoutes, { service });
    },
  };
}
