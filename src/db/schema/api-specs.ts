import { sql } from 'drizzle-orm';
import { check, customType, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { components } from './catalog.js';
import { createdAt, id, ts, updatedAt } from './columns.js';
import { teams } from './teams.js';

/** Binary data: pg answers a Buffer, PGlite a Uint8Array; both read here as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

export const apiSpecs = pgTable(
  'api_specs',
  {
    id: id(),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    format: text('format').notNull(),
    version: text('version').notNull(),
    // The raw YAML or JSON as uploaded: GET by id returns it verbatim. Specs registered through the
    // workers keep it gzip'd in `spec_gzip` instead (decision 309): a tenth of the bytes through the
    // driver (PGlite runs on the event loop) and no TOAST compression of megabytes; `spec` is then null.
    spec: text('spec'),
    specGzip: bytea('spec_gzip'),
    // The validated document as JSON text, Swagger 2 normalised to the OpenAPI 3 shape, \$refs kept
    // (cycles stay representable) and all proven resolvable: a diff only runs JSON.parse on it.
    // Null for rows stored before it existed (filled on first diff) and for formats that are not diffed.
    document: text('document'),
    // SHA-256 of `spec`: the catalog adds a version only when a definition's content changed.
    contentSha256: text('content_sha256'),
    // Structural problems found by validation against the official schema ({pointer, message}); the
    // spec registered and diffs anyway (lenient registration, strict report).
    problems: jsonb('problems').$type<{ pointer: string; message: string }[]>().notNull().default([]),
    status: text('status').notNull().default('active'),
    deprecatedAt: ts('deprecated_at'),
    sunsetAt: ts('sunset_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // A component's specs are listed by (name, created_at, id).
  (t) => [
    index('api_specs_component_name_idx').on(t.componentId, t.name, t.createdAt, t.id),
    check('api_specs_content', sql`${t.spec} IS NOT NULL OR ${t.specGzip} IS NOT NULL`),
  ],
);

export const apiSpecConsumers = pgTable(
  'api_spec_consumers',
  {
    id: id(),
    apiSpecId: uuid('api_spec_id')
      .notNull()
      .references(() => apiSpecs.id, { onDelete: 'cascade' }),
    consumerComponentId: uuid('consumer_component_id').references(() => components.id, { onDelete: 'cascade' }),
    consumerTeamId: uuid('consumer_team_id').references(() => teams.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // A component or a team consumes one spec once; the partial indexes also serve the consumed-apis lookups.
    uniqueIndex('api_spec_consumers_spec_component_key')
      .on(t.apiSpecId, t.consumerComponentId)
      .where(sql`${t.consumerComponentId} IS NOT NULL`),
    uniqueIndex('api_spec_consumers_spec_team_key')
      .on(t.apiSpecId, t.consumerTeamId)
      .where(sql`${t.consumerTeamId} IS NOT NULL`),
    index('api_spec_consumers_component_idx').on(t.consumerComponentId),
    index('api_spec_consumers_team_idx').on(t.consumerTeamId),
    index('api_spec_consumers_spec_created_idx').on(t.apiSpecId, t.createdAt, t.id),
    check('api_spec_consumers_someone', sql`${t.consumerComponentId} IS NOT NULL OR ${t.consumerTeamId} IS NOT NULL`),
  ],
);
