import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { BusEventMap, BusEventName, EventAudience, EventPublisher } from '../../infra/events.js';
import type { Caller } from '../../kernel/caller.js';
import { NotFound } from '../../kernel/errors.js';
import { derive, NOTIFYING_EVENTS, type NotificationsDirectory } from './notifications.derive.js';
import './notifications.events.js';
import { notificationsRepository as repo, type NotificationRow, type Visibility } from './notifications.repository.js';
import type { NotificationListQuery, NotificationView } from './notifications.schemas.js';

export interface NotificationsServiceDeps {
  db: Database;
  events: EventPublisher;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Who to tell; built from the other modules' verbs by `createDirectory` unless a test hands its own. */
  directory: NotificationsDirectory;
  /** Rows kept per user, newest first (decision 742). */
  keepPerUser?: number;
}

const NOTIFYING = new Set<string>(NOTIFYING_EVENTS);

/** Events waiting to be turned into notifications, at most; beyond it they are dropped with a warning. */
const MAX_BACKLOG = 10_000;

const toView = (r: NotificationRow): NotificationView => ({
  id: r.id,
  kind: r.kind as NotificationView['kind'],
  event: r.event,
  subjectId: r.subjectId,
  organizationId: r.organizationId,
  title: r.title,
  body: r.body,
  link: r.link,
  read: r.readAt !== null,
  readAt: r.readAt,
  createdAt: r.createdAt,
});

export function createNotificationsService({
  db,
  events,
  log,
  directory,
  keepPerUser = 200,
}: NotificationsServiceDeps) {
  async function visibility(caller: Caller): Promise<Visibility> {
    const userId = caller.actor.userId;
    return { userId, organizationIds: caller.actor.isAdmin ? null : await directory.organizationIdsOf(userId) };
  }

  async function handle<K extends BusEventName>(name: K, payload: BusEventMap[K], audience?: EventAudience) {
    const news = await derive(directory, name, payload, audience);
    if (!news) return;
    for (const userId of news.userIds) {
      const { userIds: _all, ...fields } = news;
      try {
        const row = await repo.upsert(db, { ...fields, userId });
        await repo.trim(db, userId, keepPerUser);
        // Only that user's connections hear of it (decision 740).
        events.emit('notification.created', toView(row), { organizationId: row.organizationId, userId });
      } catch (err) {
        // A user deleted meanwhile (foreign key): nobody to tell.
        log.warn({ err, event: name }, 'notification not stored');
      }
    }
  }

  // One event at a time, in the order they were emitted (decision 740).
  let chain: Promise<void> = Promise.resolve();
  let backlog = 0;

  return {
    /** Fed every domain event after its write committed; derives and stores notifications in the background. */
    observe<K extends BusEventName>(name: K, payload: BusEventMap[K], audience?: EventAudience) {
      if (!NOTIFYING.has(name)) return;
      if (backlog >= MAX_BACKLOG) {
        log.warn({ event: name }, 'notification backlog full: event dropped');
        return;
      }
      backlog++;
      chain = chain
        .then(() => handle(name, payload, audience))
        .catch((err) => log.warn({ err, event: name }, 'notifications not derived'))
        .finally(() => backlog--);
    },
    /** Resolves once every event observed so far is handled (tests, shutdown). */
    idle: () => chain,

    async list(caller: Caller, q: NotificationListQuery) {
      const page = await repo.list(db, await visibility(caller), {
        skip: q.skip,
        take: q.take,
        unread: q.unread === true,
      });
      return {
        data: page.data.map(toView),
        total: page.total,
        skip: q.skip,
        take: q.take,
        unreadCount: page.unreadCount,
      };
    },

    async markRead(caller: Caller, id: string) {
      const row = await repo.markRead(db, await visibility(caller), id);
      if (!row) throw new NotFound('Notification not found');
      return toView(row);
    },

    async markAllRead(caller: Caller) {
      return { updated: await repo.markAllRead(db, await visibility(caller)) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
