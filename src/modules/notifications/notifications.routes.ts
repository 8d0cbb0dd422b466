import { errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { NotificationListQuery, NotificationPage, NotificationSchema, ReadAllResult } from './notifications.schemas.js';
import type { NotificationsService } from './notifications.service.js';

const tags = ['notifications'];
const base = '/api/v1/notifications';

export async function notificationsRoutes(app: App, { service }: { service: NotificationsService }) {
  app.get(
    base,
    {
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first (paginated; unread=true for unread only)",
        querystring: NotificationListQuery,
        response: { 200: NotificationPage, ...errorResponses(400, 401) },
      },
    },
    async (req) => service.list(req.caller, req.query),
  );

  app.post(
    `${base}/read-all`,
    {
      schema: {
        tags,
        summary: "Mark all of the signed-in user's notifications read",
        response: { 200: ReadAllResult, ...errorResponses(401) },
      },
    },
    async (req) => service.markAllRead(req.caller),
  );

  app.post(
    `${base}/:id/read`,
    {
      schema: {
        tags,
        summary: 'Mark one notification read',
        params: IdParams,
        response: { 200: NotificationSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.markRead(req.caller, req.params.id),
  );
}
