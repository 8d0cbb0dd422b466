import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { components } from './catalog.js';
import { createdAt, id, updatedAt } from './columns.js';
import { organizations } from './organizations.js';

/** One declared input of a template (decision 609, TemplateVariable). */
export interface TemplateVariableRow {
  key: string;
  label: string;
  description: string;
  default: string;
  required: boolean;
  pattern?: string;
}

export const serviceTemplates = pgTable(
  'service_templates',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    language: text('language').notNull(),
    framework: text('framework').notNull(),
    tags: text('tags').array().notNull().default([]),
    repositoryUrl: text('repository_url').notNull(),
    variables: jsonb('variables').$type<TemplateVariableRow[]>().notNull().default([]),
    isBuiltIn: boolean('is_built_in').notNull().default(false),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Unique names make the built-in seed an upsert (ON CONFLICT (name)) safe across processes.
    uniqueIndex('service_templates_name_key').on(t.name),
    index('service_templates_language_name_idx').on(t.language, t.name),
    index('service_templates_framework_name_idx').on(t.framework, t.name),
    index('service_templates_org_name_idx').on(t.organizationId, t.name),
    // Search (migration 0008).
    index('service_templates_name_lower_idx').using('btree', sql`(lower(${t.name}) COLLATE "C")`),
    index('service_templates_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const scaffoldRequests = pgTable(
  'scaffold_requests',
  {
    id: id(),
    // No foreign key: a request is history and keeps its template's id (and name snapshot) after a delete.
    templateId: uuid('template_id').notNull(),
    templateName: text('template_name').notNull(),
    targetRepository: text('target_repository').notNull(),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    status: text('status').$type<'pending' | 'in_progress' | 'completed' | 'failed'>().notNull().default('pending'),
    statusMessage: text('status_message'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dryRun: boolean('dry_run').notNull().default(false),
    renderedFiles: text('rendered_files').array(),
    // The catalog component registered from the scaffold's catalog-info.yaml (column added by 0006_catalog).
    componentId: uuid('component_id').references(() => components.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Lists are newest first: all (admins) or one requester's.
    index('scaffold_requests_created_idx').on(t.createdAt, t.id),
    index('scaffold_requests_requester_created_idx').on(t.requestedBy, t.createdAt, t.id),
    // Crash recovery scans only the unfinished rows.
    index('scaffold_requests_unfinished_idx')
      .on(t.status)
      .where(sql`status IN ('pending', 'in_progress')`),
  ],
);
