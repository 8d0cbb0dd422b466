import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { components } from './catalog.js';
import { id, ts } from './columns.js';

/** Findings of the last vulnerability sync of a component's image (replaced on every sync). */
export const componentVulnerabilities = pgTable(
  'component_vulnerabilities',
  {
    id: id(),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    cveId: text('cve_id').notNull(),
    severity: text('severity').notNull(),
    package: text('package').notNull(),
    version: text('version').notNull(),
    fixedVersion: text('fixed_version'),
    description: text('description'),
    syncedAt: ts('synced_at').notNull().defaultNow(),
  },
  (t) => [index('component_vulnerabilities_component_idx').on(t.componentId, t.severity)],
);
