import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { integrationCredentials } from '../../db/schema/index.js';

export type CredentialRow = typeof integrationCredentials.$inferSelect;

/** Records of one organization, or those without one (decision 603). */
const inOrganization = (organizationId: string | null): SQL =>
  organizationId === null
    ? isNull(integrationCredentials.organizationId)
    : eq(integrationCredentials.organizationId, organizationId);

export const credentialsRepository = {
  list(db: Executor, organizationId: string | null) {
    return db
      .select()
      .from(integrationCredentials)
      .where(inOrganization(organizationId))
      .orderBy(asc(integrationCredentials.type), asc(integrationCredentials.name), asc(integrationCredentials.id));
  },

  async find(db: Executor, organizationId: string | null, id: string): Promise<CredentialRow | undefined> {
    const [row] = await db
      .select()
      .from(integrationCredentials)
      .where(and(inOrganization(organizationId), eq(integrationCredentials.id, id)))
      .limit(1);
    return row;
  },

  async findByType(db: Executor, organizationId: string | null, type: string): Promise<CredentialRow | undefined> {
    const [row] = await db
      .select()
      .from(integrationCredentials)
      .where(and(inOrganization(organizationId), eq(integrationCredentials.type, type)))
      .limit(1);
    return row;
  },

  async insert(db: Executor, values: typeof integrationCredentials.$inferInsert): Promise<CredentialRow> {
    const [row] = await db.insert(integrationCredentials).values(values).returning();
    return row!;
  },

  async update(
    db: Executor,
    id: string,
    values: Partial<typeof integrationCredentials.$inferInsert>,
  ): Promise<CredentialRow | undefined> {
    const [row] = await db
      .update(integrationCredentials)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(integrationCredentials.id, id))
      .returning();
    return row;
  },

  /** Re-seals under the current key without touching `updatedAt` (the credential did not change). */
  async reseal(
    db: Executor,
    id: string,
    sealed: Pick<CredentialRow, 'ciphertext' | 'iv' | 'authTag' | 'keyId'>,
    fromKeyId: string,
  ) {
    await db
      .update(integrationCredentials)
      .set(sealed)
      .where(and(eq(integrationCredentials.id, id), eq(integrationCredentials.keyId, fromKeyId)));
  },

  async delete(db: Executor, organizationId: string | null, id: string): Promise<boolean> {
    const rows = await db
      .delete(integrationCredentials)
      .where(and(inOrganization(organizationId), eq(integrationCredentials.id, id)))
      .returning({ id: integrationCredentials.id });
    return rows.length > 0;
  },
};
