// The signed-in user's notifications. Keys start with 'notifications': the server's
// `notification.created` (sent to this user only) invalidates them (keys.ts), so the bell and the page are live.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { OkBody } from '../../api/types';
import { notificationKeys } from './keys';

export type NotificationPage = OkBody<'listNotifications'>;
export type Notification = NotificationPage['data'][number];

export const NOTIFICATIONS_PAGE_SIZE = 25;

export function useNotifications(opts: { unread?: boolean; page?: number }) {
  const query = {
    unread: opts.unread || undefined,
    skip: ((opts.page ?? 1) - 1) * NOTIFICATIONS_PAGE_SIZE,
    take: NOTIFICATIONS_PAGE_SIZE,
  };
  return useQuery({
    queryKey: notificationKeys.list(query),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/notifications', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** The unread count for the header's bell (one row read, the count comes with it). */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unreadCount(),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/notifications', { params: { query: { unread: true, take: 1 } }, signal }))
        .unreadCount,
    staleTime: 30_000,
  });
}

function useNotificationsMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void client.invalidateQueries({ queryKey: notificationKeys.all() }),
  });
}

export const useMarkRead = () =>
  useNotificationsMutation(async (id: string) =>
    unwrap(await api.POST('/api/v1/notifications/{id}/read', { params: { path: { id } } })),
  );

export const useMarkAllRead = () =>
  useNotificationsMutation(async () => unwrap(await api.POST('/api/v1/notifications/read-all')));
