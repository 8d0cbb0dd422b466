import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { catalogLocations } from './catalog.js';
import { createdAt, id, ts, updatedAt } from './columns.js';
import { organizations } from './organizations.js';

/** The last (or running) scan of a source, as `GET …/:id/status` answers it (decision 1013). */
export interface DiscoveryScanRecord {
  state: 'queued' | 'running' | 'paused' | 'finished' | 'failed';
  trigger: 'schedule' | 'manual';
  startedAt: string | null;
  finishedAt: string | null;
  pausedUntil: string | null;
  repositoriesSeen: number;
  filesFound: number;
  entities: { created: number; updated: number; unchanged: number; removed: number };
  requests: { made: number; notModified: number };
  rateLimit: { remaining: number | null; resetAt: string | null };
  error: string | null;
}

/** A GitHub organization/user or GitLab group whose repositories' catalog files the catalog reads. */
export const discoverySources = pgTable(
  'discovery_sources',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    baseUrl: text('base_url').notNull(),
    owner: text('owner').notNull(),
    credentialId: uuid('credential_id').notNull(),
    filePath: text('file_path').notNull(),
    branch: text('branch'),
    schedule: text('schedule').notNull(),
    includeArchived: boolean('include_archived').notNull().default(false),
    repositoryPattern: text('repository_pattern'),
    /** ETag and next link of each listing page (`first` for the first), for 304s on a rescan. */
    pages: jsonb('pages').$type<Record<string, { etag: string | null; next: string | null }>>().notNull().default({}),
    lastScan: jsonb('last_scan').$type<DiscoveryScanRecord>(),
    lastScanStartedAt: ts('last_scan_started_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('discovery_sources_org_idx').on(t.organizationId, t.createdAt)],
);

/** What a source last saw of one repository: when it changed, the file's ETag, its location. */
export const discoveryRepositories = pgTable(
  'discovery_repositories',
  {
    id: id(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => discoverySources.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    fullName: text('full_name').notNull(),
    webUrl: text('web_url').notNull(),
    /** The listing page it was last seen on (a 304 of that page means it is still there). */
    page: text('page').notNull(),
    changedAt: text('changed_at'),
    fileEtag: text('file_etag'),
    locationId: uuid('location_id').references(() => catalogLocations.id, { onDelete: 'set null' }),
    lastError: text('last_error'),
    seenScan: text('seen_scan'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discovery_repositories_source_external_key').on(t.sourceId, t.externalId),
    index('discovery_repositories_source_page_idx').on(t.sourceId, t.page),
    index('discovery_repositories_full_name_idx').on(t.fullName),
  ],
);
