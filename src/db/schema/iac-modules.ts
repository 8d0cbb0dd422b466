import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.js';
import { components } from './catalog.js';

/** One variable declared by a module version (spec: VariableMeta). */
export interface IacVariableMeta {
  name: string;
  type: string | null;
  description: string | null;
  default: string | null;
  required: boolean;
  /** The first validation block (the document's shape); `validations` holds all of them. */
  validation: { condition: string; errorMessage: string } | null;
  validations: { condition: string; errorMessage: string }[];
  sensitive: boolean;
  /** Terraform's `nullable` (true unless declared `nullable = false`). */
  nullable: boolean;
}

/** One output declared by a module version (spec: OutputMeta). */
export interface IacOutputMeta {
  name: string;
  description: string | null;
  value: string | null;
  sensitive: boolean;
}

/** A tag that could not be read on the last sync; `retry` when the failure may be transient (git, not HCL). */
export interface IacFailedVersion {
  version: string;
  error: string;
  retry: boolean;
}

export const iacModules = pgTable(
  'iac_modules',
  {
    id: id(),
    name: text('name').notNull(),
    provider: text('provider').notNull(),
    engine: text('engine'),
    description: text('description'),
    sourceRepoUrl: text('source_repo_url').notNull(),
    latestVersion: text('latest_version'),
    componentId: uuid('component_id').references(() => components.id, { onDelete: 'set null' }),
    failedVersions: jsonb('failed_versions').$type<IacFailedVersion[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('iac_modules_name_provider_key').on(t.name, t.provider),
    // The iac module matches drift records to modules by source URL; the link endpoint lists by component.
    index('iac_modules_source_repo_url_idx').on(t.sourceRepoUrl),
    index('iac_modules_component_idx').on(t.componentId),
  ],
);

export const iacModuleVersions = pgTable(
  'iac_module_versions',
  {
    id: id(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => iacModules.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    variablesMeta: jsonb('variables_meta').$type<IacVariableMeta[]>().notNull().default([]),
    outputsMeta: jsonb('outputs_meta').$type<IacOutputMeta[]>().notNull().default([]),
    syncedAt: ts('synced_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The unique index also serves "versions of a module" lookups; it makes concurrent syncs store a tag once.
  (t) => [uniqueIndex('iac_module_versions_module_version_key').on(t.moduleId, t.version)],
);
