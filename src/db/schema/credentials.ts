import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { organizations } from './organizations.js';

/**
 * Credentials of external CI/CD platforms, one per type per organization (or per type among the
 * records without an organization). The value is only ever stored sealed: AES-256-GCM ciphertext,
 * its per-record IV and tag, and the id of the key that sealed it (so keys can be rotated).
 */
export const integrationCredentials = pgTable(
  'integration_credentials',
  {
    id: id(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    ciphertext: text('ciphertext').notNull(),
    iv: text('iv').notNull(),
    authTag: text('auth_tag').notNull(),
    keyId: text('key_id').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // NULL organizations are distinct in a plain unique index: one partial index per case.
    uniqueIndex('integration_credentials_org_type_key')
      .on(t.organizationId, t.type)
      .where(sql`${t.organizationId} IS NOT NULL`),
    uniqueIndex('integration_credentials_global_type_key')
      .on(t.type)
      .where(sql`${t.organizationId} IS NULL`),
    index('integration_credentials_key_idx').on(t.keyId),
  ],
);
