import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { components } from './catalog.js';
import { createdAt, id, ts, updatedAt } from './columns.js';
import { deployments } from './deployments.js';
import { environments } from './environments.js';
import { users } from './auth.js';

type IncidentStatus = 'open' | 'investigating' | 'identified' | 'resolved';

export const incidents = pgTable(
  'incidents',
  {
    id: id(),
    title: text('title').notNull(),
    severity: text('severity').$type<'P1' | 'P2' | 'P3' | 'P4'>().notNull(),
    status: text('status').$type<IncidentStatus>().notNull().default('open'),
    description: text('description'),
    commanderUserId: uuid('commander_user_id').references(() => users.id, { onDelete: 'set null' }),
    // No foreign key: background jobs act as the system actor, which has no users row.
    createdBy: uuid('created_by'),
    resolvedAt: ts('resolved_at'),
    // The deployment that caused it (DORA's change failure rate and recovery time, decision 569).
    causedByDeploymentId: uuid('caused_by_deployment_id').references(() => deployments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('incidents_caused_by_deployment_idx')
      .on(t.causedByDeploymentId)
      .where(sql`caused_by_deployment_id IS NOT NULL`),
    // The list is newest first, optionally filtered by severity and/or status.
    index('incidents_created_idx').on(t.createdAt, t.id),
    index('incidents_severity_created_idx').on(t.severity, t.createdAt),
    index('incidents_status_created_idx').on(t.status, t.createdAt),
  ],
);

/** Join tables (not uuid[] columns) so deleting a component or environment drops it from incidents. */
export const incidentComponents = pgTable(
  'incident_components',
  {
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    // Keeps the order the caller gave the ids in.
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.componentId] }),
    index('incident_components_component_idx').on(t.componentId),
  ],
);

export const incidentEnvironments = pgTable(
  'incident_environments',
  {
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    environmentId: uuid('environment_id')
      .notNull()
      .references(() => environments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.environmentId] }),
    index('incident_environments_environment_idx').on(t.environmentId),
  ],
);

/** The timeline. `seq` breaks ties between entries written in the same instant (one transaction). */
export const incidentUpdates = pgTable(
  'incident_updates',
  {
    id: id(),
    seq: serial('seq').notNull(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    authorId: uuid('author_id'),
    type: text('type').$type<'created' | 'status_change' | 'update'>().notNull(),
    fromStatus: text('from_status').$type<IncidentStatus>(),
    toStatus: text('to_status').$type<IncidentStatus>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('incident_updates_incident_idx').on(t.incidentId, t.createdAt, t.seq),
    index('incident_updates_created_idx').on(t.createdAt, t.seq),
  ],
);

export interface ActionItem {
  title: string;
  assignee?: string;
  done: boolean;
}

export const postMortems = pgTable(
  'post_mortems',
  {
    id: id(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    rootCause: text('root_cause').notNull(),
    contributingFactors: text('contributing_factors')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    actionItems: jsonb('action_items').$type<ActionItem[]>().notNull().default([]),
    body: text('body'),
    approvedBy: uuid('approved_by'),
    approvedAt: ts('approved_at'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // At most one post-mortem per incident.
  (t) => [uniqueIndex('post_mortems_incident_key').on(t.incidentId)],
);
