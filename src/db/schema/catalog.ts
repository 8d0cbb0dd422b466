import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.js';
import { teams } from './teams.js';

/** PostgreSQL's full-text document type; written only by the generated column below. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A transport endpoint of an `mcp-server` API (`spec.remotes`). */
export interface CatalogApiRemote {
  type: string;
  url: string;
}

export interface CatalogLink {
  url: string;
  title?: string;
  icon?: string;
  type?: string;
}

/** A git repository (and optional start file) the catalog re-reads on a schedule. */
export const catalogLocations = pgTable(
  'catalog_locations',
  {
    id: id(),
    url: text('url').notNull(),
    // '' means "the default branch" / "every catalog-info file": part of the identity, so never null.
    branch: text('branch').notNull().default(''),
    path: text('path').notNull().default(''),
    lastRefreshedAt: ts('last_refreshed_at'),
    lastError: text('last_error'),
    // A person without the admin role who registered it (or a scaffold's requester): refreshes write
    // only what that person may (decision 1062). Null: an admin or the system did; no foreign key, so a
    // removed user still restricts it.
    registeredBy: uuid('registered_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('catalog_locations_url_branch_path_key').on(t.url, t.branch, t.path)],
);

export const components = pgTable(
  'components',
  {
    id: id(),
    name: text('name').notNull(),
    namespace: text('namespace').notNull().default('default'),
    // The Backstage kind (Component, API, Resource, System, Domain); `kind` is Hangar's kind-group kind.
    entityKind: text('entity_kind').notNull().default('Component'),
    kind: text('kind').notNull(),
    type: text('type'),
    title: text('title'),
    owner: text('owner'),
    // `owner` and `system` resolved to full references (`group:default/team-a`) by SQL, so rows
    // written by any path (descriptors, the JSON API, seeds) resolve the same way.
    ownerRef: text('owner_ref').generatedAlwaysAs(sql`hangar_entity_ref(owner, 'group', namespace)`),
    system: text('system'),
    systemRef: text('system_ref').generatedAlwaysAs(sql`hangar_entity_ref(system, 'system', namespace)`),
    // Null for Systems, Domains and Resources that declare none (decision 607); rows written without one get the default.
    lifecycle: text('lifecycle').default('experimental'),
    description: text('description'),
    tags: text('tags').array().notNull().default([]),
    annotations: jsonb('annotations').$type<Record<string, string>>().notNull().default({}),
    labels: jsonb('labels').$type<Record<string, string>>().notNull().default({}),
    links: jsonb('links').$type<CatalogLink[]>().notNull().default([]),
    remotes: jsonb('remotes').$type<CatalogApiRemote[] | null>(),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'set null' }),
    gitopsApp: text('gitops_app'),
    // Written by the cluster integration's sync (decision 614); null until a workload is matched.
    workloadStatus: jsonb('workload_status').$type<Record<string, unknown> | null>(),
    orphan: boolean('orphan').notNull().default(false),
    sourceLocationId: uuid('source_location_id').references(() => catalogLocations.id, { onDelete: 'set null' }),
    sourceFile: text('source_file'),
    // Digest of everything a descriptor sets: an identical re-registration is detected in SQL.
    entityHash: text('entity_hash'),
    // Digest of the API definition last handed to the api-specs module (a change adds a version).
    definitionHash: text('definition_hash'),
    ref: text('ref')
      .notNull()
      .generatedAlwaysAs(sql`lower(entity_kind) || ':' || namespace || '/' || name`),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, name), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('english'::regconfig, hangar_text_array(tags)), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Not unique: the JSON API lets a name exist once per Hangar kind (decision 607), so two kinds
    // of one Backstage kind may share a reference; registration updates the row of the same kind.
    index('components_ref_idx').on(t.ref),
    uniqueIndex('components_kind_namespace_name_key').on(t.kind, t.namespace, t.name),
    // One btree per filter, each ending in the list order (name, id), so a filtered page is an index range.
    index('components_name_id_idx').on(t.name, t.id),
    index('components_kind_name_idx').on(t.kind, t.name, t.id),
    index('components_team_name_idx').on(t.teamId, t.name, t.id),
    index('components_owner_idx').on(t.owner),
    index('components_owner_ref_name_idx').on(t.ownerRef, t.name, t.id),
    index('components_entity_kind_name_idx').on(t.entityKind, t.name, t.id),
    index('components_type_name_idx').on(t.type, t.name, t.id),
    index('components_lifecycle_name_idx').on(t.lifecycle, t.name, t.id),
    index('components_namespace_name_idx').on(t.namespace, t.name, t.id),
    index('components_system_name_idx').on(t.systemRef, t.name, t.id),
    index('components_orphan_name_idx')
      .on(t.name, t.id)
      .where(sql`orphan`),
    index('components_updated_at_idx').on(t.updatedAt, t.id),
    index('components_created_at_idx').on(t.createdAt, t.id),
    index('components_source_location_idx').on(t.sourceLocationId),
    index('components_tags_idx').using('gin', t.tags),
    index('components_search_idx').using('gin', t.search),
    // Search (migration 0008): exact and prefix name matches, and trigram similarity.
    index('components_name_lower_idx').using('btree', sql`(lower(${t.name}) COLLATE "C")`),
    index('components_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // Search (migration 0011, decision 180): the words of the name, where a typo's vocabulary matches are looked up.
    index('components_name_words_idx').using('gin', sql`hangar_name_words(${t.name})`),
    // Deployment receivers find the entity of a repository or an application by annotation, case-insensitively (decision 862).
    index('components_github_slug_idx').on(sql`lower(${t.annotations} ->> 'github.com/project-slug')`),
    index('components_gitlab_slug_idx').on(sql`lower(${t.annotations} ->> 'gitlab.com/project-slug')`),
    index('components_argocd_app_idx').on(sql`lower(${t.annotations} ->> 'argocd/app-name')`),
  ],
);

/**
 * The catalog's facet counts (decision 181): how many components share each combination of the
 * columns the list filters on, so a broad filter sums a few thousand rows instead of scanning
 * 250,000 components. Statement triggers on `components` (migration 0012) append one delta row per
 * combination a statement changed (+ written, − removed): writers never wait on each other, readers
 * sum `n`, and the `catalog.compact-facet-counts` job folds the deltas into one row per combination.
 */
export const catalogFacetCounts = pgTable('catalog_facet_counts', {
  kind: text('kind').notNull(),
  entityKind: text('entity_kind').notNull(),
  type: text('type'),
  ownerRef: text('owner_ref'),
  lifecycle: text('lifecycle'),
  systemRef: text('system_ref'),
  namespace: text('namespace').notNull(),
  orphan: boolean('orphan').notNull(),
  teamId: uuid('team_id'),
  tags: text('tags').array().notNull(),
  n: integer('n').notNull(),
});

/** Backstage relations as edges, both directions; `originRef` is the entity whose descriptor declared it. */
export const catalogRelations = pgTable(
  'catalog_relations',
  {
    sourceRef: text('source_ref').notNull(),
    type: text('type').notNull(),
    targetRef: text('target_ref').notNull(),
    originRef: text('origin_ref').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.sourceRef, t.type, t.targetRef, t.originRef] }),
    index('catalog_relations_origin_idx').on(t.originRef),
    index('catalog_relations_target_idx').on(t.targetRef, t.type),
  ],
);

/** Backstage `User` entities: directory people, never logins. */
export const catalogPeople = pgTable(
  'catalog_people',
  {
    id: id(),
    name: text('name').notNull(),
    namespace: text('namespace').notNull().default('default'),
    displayName: text('display_name'),
    email: text('email'),
    orphan: boolean('orphan').notNull().default(false),
    sourceLocationId: uuid('source_location_id').references(() => catalogLocations.id, { onDelete: 'set null' }),
    sourceFile: text('source_file'),
    entityHash: text('entity_hash'),
    ref: text('ref')
      .notNull()
      .generatedAlwaysAs(sql`'user:' || namespace || '/' || name`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('catalog_people_ref_key').on(t.ref),
    index('catalog_people_name_idx').on(t.name, t.id),
    index('catalog_people_name_lower_idx').using('btree', sql`(lower(${t.name}) COLLATE "C")`),
    index('catalog_people_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('catalog_people_email_idx').on(sql`lower(${t.email})`),
    index('catalog_people_source_location_idx').on(t.sourceLocationId),
  ],
);
