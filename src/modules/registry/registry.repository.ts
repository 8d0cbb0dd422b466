import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { componentVulnerabilities } from '../../db/schema/index.js';

export type VulnerabilityRow = typeof componentVulnerabilities.$inferSelect;

const SEVERITY_ORDER = sql`case ${componentVulnerabilities.severity} when 'CRITICAL' then 0 when 'HIGH' then 1 when 'MEDIUM' then 2 when 'LOW' then 3 when 'INFORMATIONAL' then 4 else 5 end`;

export const registryRepository = {
  /** Replaces all findings of a component in one transaction. */
  async replace(
    db: Database,
    componentId: string,
    rows: Omit<typeof componentVulnerabilities.$inferInsert, 'componentId' | 'syncedAt'>[],
  ): Promise<number> {
    const syncedAt = new Date();
    await db.transaction(async (tx) => {
      await tx.delete(componentVulnerabilities).where(eq(componentVulnerabilities.componentId, componentId));
      // Chunked: a large scan stays under PostgreSQL's parameter limit.
      for (let i = 0; i < rows.length; i += 500) {
        await tx
          .insert(componentVulnerabilities)
          .values(rows.slice(i, i + 500).map((r) => ({ ...r, componentId, syncedAt })));
      }
    });
    return rows.length;
  },
  async list(db: Executor, componentId: string): Promise<VulnerabilityRow[]> {
    return db
      .select()
      .from(componentVulnerabilities)
      .where(eq(componentVulnerabilities.componentId, componentId))
      .orderBy(SEVERITY_ORDER, asc(componentVulnerabilities.cveId), desc(componentVulnerabilities.id));
  },
  async summary(db: Executor, componentId: string) {
    const v = componentVulnerabilities;
    const [row] = await db
      .select({
        total: sql<number>`count(*)::int`,
        critical: sql<number>`(count(*) filter (where ${v.severity} = 'CRITICAL'))::int`,
        high: sql<number>`(count(*) filter (where ${v.severity} = 'HIGH'))::int`,
        medium: sql<number>`(count(*) filter (where ${v.severity} = 'MEDIUM'))::int`,
        low: sql<number>`(count(*) filter (where ${v.severity} = 'LOW'))::int`,
        unknown: sql<number>`(count(*) filter (where ${v.severity} not in ('CRITICAL','HIGH','MEDIUM','LOW')))::int`,
        syncedAt: sql<string | null>`max(${v.syncedAt})`,
      })
      .from(v)
      .where(eq(v.componentId, componentId));
    return { ...row!, syncedAt: row?.syncedAt ? new Date(row.syncedAt) : null };
  },
};
