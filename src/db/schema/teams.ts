import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt, id, ts, updatedAt } from './columns.js';

export type TeamRole = 'maintainer' | 'member';

export const teams = pgTable(
  'teams',
  {
    id: id(),
    name: text('name').notNull(),
    displayName: text('display_name'),
    type: text('type').notNull(),
    description: text('description'),
    contactEmail: text('contact_email'),
    chatChannel: text('chat_channel'),
    metadata: jsonb('metadata').$type<Record<string, unknown> | null>(),
    // Catalog groups (decision 607): the namespace and the parent group.
    namespace: text('namespace').notNull().default('default'),
    parentTeamId: uuid('parent_team_id').references((): AnyPgColumn => teams.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('teams_name_key').on(t.name),
    index('teams_created_at_idx').on(t.createdAt),
    index('teams_parent_team_idx').on(t.parentTeamId),
    // Search (migration 0008).
    index('teams_name_lower_idx').using('btree', sql`(lower(${t.name}) COLLATE "C")`),
    index('teams_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: ts('added_at').notNull().defaultNow(),
    // Null: added by hand. `oidc:<provider>`: added by a sign-in's groups claim, which may remove it again (decision 834).
    source: text('source'),
    // `maintainer` or `member` (decision 950): maintainers manage the team's members and entities.
    role: text('role').$type<TeamRole>().notNull().default('member'),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_members_user_idx').on(t.userId),
    check('team_members_role_check', sql`${t.role} IN ('maintainer', 'member')`),
  ],
);
