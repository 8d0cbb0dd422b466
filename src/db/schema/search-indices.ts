import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { components } from './catalog.js';
import { createdAt, id, updatedAt } from './columns.js';
import { organizations } from './organizations.js';

/** Links of a component to Elasticsearch/OpenSearch index patterns (ComponentSearchIndex). */
export const componentSearchIndices = pgTable(
  'component_search_indices',
  {
    id: id(),
    componentId: uuid('component_id')
      .notNull()
      .references(() => components.id, { onDelete: 'cascade' }),
    // The organization of X-Organization-Id when the link was made: scopes the admin overview.
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    indexPattern: text('index_pattern').notNull(),
    searchUrl: text('search_url'),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('component_search_indices_component_idx').on(t.componentId, t.createdAt),
    index('component_search_indices_org_idx').on(t.organizationId),
  ],
);
