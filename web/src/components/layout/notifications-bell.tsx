import { Link } from '@tanstack/react-router';
import { Bell } from 'lucide-react';
import { useUnreadCount } from '../../routes/notifications';

/** The header's bell: a link to /notifications naming the unread count (live: notification.created refreshes it). */
export function NotificationsBell() {
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const label = count ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Link
      to="/notifications"
      aria-label={label}
      title={label}
      className="relative grid size-9 place-items-center rounded-md hover:bg-muted"
    >
      <Bell aria-hidden className="size-4" />
      {count > 0 && (
        <span
          aria-hidden
          className="absolute top-1 right-1 grid h-4 min-w-4 place-items-center rounded-full bg-destructive px-1 text-[10px] leading-none font-semibold text-destructive-foreground"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
