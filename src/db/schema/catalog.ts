import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { teams } from './teams.js';

export const components = pgTable(
  'components',
  {
    id: id(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    owner: text('owner'),
    lifecycle: text('lifecycle').notNull().default('experimental'),
    description: text('description'),
    tags: text('tags').array().notNull().default([]),
    annotations: jsonb('annotations').$type<Record<string, string>>().notNull().default({}),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    gitopsApp: text('gitops_app'),
    // Written by the cluster integration's sync (document 3); null until a workload is matched.
    workloadStatus: jsonb('workload_status').$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('components_name_kind_key').on(t.name, t.kind),
    // List order is (name, id); the kind index serves kindGroup filters, the team index teamId filters.
    index('components_name_id_idx').on(t.name, t.id),
    index('components_kind_name_idx').on(t.kind, t.name, t.id),
    index('components_team_name_idx').on(t.teamId, t.name, t.id),
    index('components_owner_idx').on(t.owner),
  ],
);
