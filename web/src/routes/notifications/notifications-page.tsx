import { getRouteApi, useRouter } from '@tanstack/react-router';
import { Bell, Boxes, Siren, Webhook, Workflow } from 'lucide-react';
import { NOTIFICATIONS_PAGE_SIZE, useMarkAllRead, useMarkRead, useNotifications, type Notification } from './queries';
import { Button } from '../../components/ui/button';
import { describeError, EmptyState } from '../../components/ui/states';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../components/ui/query-state';

const route = getRouteApi('/app/notifications');
const ICONS = { component: Boxes, incident: Siren, pipeline_run: Workflow, webhook: Webhook } as const;

export function NotificationsPage() {
  const { unread, page = 1 } = route.useSearch();
  const navigate = route.useNavigate();
  const feed = useNotifications({ unread, page });
  const markAll = useMarkAllRead();
  const pages = feed.data ? Math.max(1, Math.ceil(feed.data.total / NOTIFICATIONS_PAGE_SIZE)) : 1;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold tracking-tight">Notifications</h1>
        {feed.data && (
          <p className="text-[13px] text-muted-foreground" aria-live="polite">
            {feed.data.unreadCount} unread
          </p>
        )}
        <div className="ml-auto flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-pressed={!!unread}
            onClick={() => void navigate({ search: unread ? {} : { unread: true }, replace: true })}
          >
            Unread only
          </Button>
          <Button size="sm" disabled={!feed.data?.unreadCount || markAll.isPending} onClick={() => markAll.mutate()}>
            Mark all read
          </Button>
        </div>
      </div>
      {markAll.isError && (
        <p role="alert" className="text-[13px] text-destructive">
          {describeError(markAll.error).message}
        </p>
      )}
      <QueryState query={feed} label="notifications" rows={6}>
        {(loaded) =>
          loaded.data.length === 0 ? (
            <EmptyState title={unread ? 'Nothing unread' : 'No notifications yet'}>
              You hear here when a component of your team changes, an incident affects one, or a pipeline run you
              started finishes or waits for approval.
            </EmptyState>
          ) : (
            <>
              <ul aria-label="Notifications" className="grid divide-y rounded-lg border">
                {loaded.data.map((n) => (
                  <Item key={n.id} n={n} />
                ))}
              </ul>
              {pages > 1 && (
                <nav aria-label="Pages" className="flex items-center justify-end gap-2 text-[13px]">
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={page <= 1}
                    onClick={() =>
                      void navigate({ search: (s) => ({ ...s, page: page - 1 > 1 ? page - 1 : undefined }) })
                    }
                  >
                    Previous
                  </Button>
                  <span>
                    Page {page} of {pages}
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={page >= pages}
                    onClick={() => void navigate({ search: (s) => ({ ...s, page: page + 1 }) })}
                  >
                    Next
                  </Button>
                </nav>
              )}
            </>
          )
        }
      </QueryState>
    </div>
  );
}

function Item({ n }: { n: Notification }) {
  const markRead = useMarkRead();
  const router = useRouter();
  const Icon = ICONS[n.kind] ?? Bell;
  return (
    <li className={cn('flex items-start gap-3 px-3 py-2.5', !n.read && 'bg-accent/40')}>
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="text-sm font-medium break-words">
          {!n.read && <span className="sr-only">Unread: </span>}
          {n.link ? (
            // Links are portal paths the server built (untyped here): followed in the app, without a reload.
            <a
              href={n.link}
              className="text-primary hover:underline"
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
                e.preventDefault();
                if (!n.read) markRead.mutate(n.id);
                router.history.push(n.link!);
              }}
            >
              {n.title}
            </a>
          ) : (
            n.title
          )}
        </p>
        <p className="text-[13px] text-muted-foreground">
          {n.body} · <time dateTime={String(n.createdAt)}>{formatDateTime(String(n.createdAt))}</time>
        </p>
      </div>
      {!n.read && (
        <Button
          variant="ghost"
          size="sm"
          disabled={markRead.isPending}
          onClick={() => markRead.mutate(n.id)}
          aria-label={`Mark “${n.title}” read`}
        >
          Mark read
        </Button>
      )}
    </li>
  );
}
