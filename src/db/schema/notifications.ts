import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt, id, ts } from './columns.js';
import { organizations } from './organizations.js';

/**
 * Per-user notifications derived from domain events (decision 740). One row per user and subject
 * (`dedupeKey`): a repeat of the same news brings the row back as unread (decision 742).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The organization of the record it is about (decision 743); null: a record without one.
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    event: text('event').notNull(),
    subjectId: uuid('subject_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link'),
    dedupeKey: text('dedupe_key').notNull(),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('notifications_user_key').on(t.userId, t.dedupeKey),
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
  ],
);
