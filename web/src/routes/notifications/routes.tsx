import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';

export interface NotificationsSearch {
  unread?: boolean;
  page?: number;
}

export function parseNotificationsSearch(raw: Record<string, unknown>): NotificationsSearch {
  const out: NotificationsSearch = {};
  if (raw.unread === true || raw.unread === 'true') out.unread = true;
  const page =
    typeof raw.page === 'number'
      ? raw.page
      : typeof raw.page === 'string' && /^\d+$/.test(raw.page)
        ? Number(raw.page)
        : NaN;
  if (Number.isInteger(page) && page > 1 && page <= 100_000) out.page = page;
  return out;
}

export const notificationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/notifications',
  validateSearch: parseNotificationsSearch,
  component: lazyRouteComponent(() => import('./notifications-page'), 'NotificationsPage'),
});

export const notificationRoutes = [notificationsRoute];
