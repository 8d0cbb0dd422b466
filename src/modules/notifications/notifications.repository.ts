import { and, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'readAt' | 'createdAt'>;

/** Which notifications a user may see: their own, and none about an organization they left (decision 743). */
export interface Visibility {
  userId: string;
  /** null: every organization (global admins). */
  organizationIds: string[] | null;
}

function visible(v: Visibility): SQL {
  const own = eq(notifications.userId, v.userId);
  if (v.organizationIds === null) return own;
  const orgs = v.organizationIds.length
    ? or(isNull(notifications.organizationId), inArray(notifications.organizationId, v.organizationIds))
    : isNull(notifications.organizationId);
  return and(own, orgs)!;
}

export const notificationsRepository = {
  /** Inserts, or brings the user's row for the same news back as new and unread (decision 742). */
  async upsert(db: Executor, row: NewNotification): Promise<NotificationRow> {
    const [saved] = await db
      .insert(notifications)
      .values(row)
      .onConflictDoUpdate({
        target: [notifications.userId, notifications.dedupeKey],
        set: {
          title: row.title,
          body: row.body ?? '',
          link: row.link ?? null,
          event: row.event,
          readAt: null,
          createdAt: sql`now()`,
        },
      })
      .returning();
    return saved!;
  },

  /** Keeps the newest `keep` rows of a user. */
  async trim(db: Executor, userId: string, keep: number) {
    const [edge] = await db
      .select({ createdAt: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .offset(keep - 1)
      .limit(1);
    if (!edge) return;
    await db
      .delete(notifications)
      .where(and(eq(notifications.userId, userId), lt(notifications.createdAt, edge.createdAt)));
  },

  async list(db: Executor, v: Visibility, opts: { skip: number; take: number; unread: boolean }) {
    const where = opts.unread ? and(visible(v), isNull(notifications.readAt)) : visible(v);
    const [data, [total], [unread]] = await Promise.all([
      db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .offset(opts.skip)
        .limit(opts.take),
      db.select({ n: count() }).from(notifications).where(where),
      db
        .select({ n: count() })
        .from(notifications)
        .where(and(visible(v), isNull(notifications.readAt))),
    ]);
    return { data, total: total!.n, unreadCount: unread!.n };
  },

  async markRead(db: Executor, v: Visibility, id: string): Promise<NotificationRow | undefined> {
    const [row] = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(visible(v), eq(notifications.id, id)))
      .returning();
    return row;
  },

  async markAllRead(db: Executor, v: Visibility): Promise<number> {
    const rows = await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(visible(v), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    return rows.length;
  },
};
