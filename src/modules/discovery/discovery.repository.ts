import { and, asc, desc, count, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { discoveryRepositories, discoverySources, type DiscoveryScanRecord } from '../../db/schema/index.js';

export type SourceRow = typeof discoverySources.$inferSelect;
export type NewSourceRow = typeof discoverySources.$inferInsert;
export type RepositoryRow = typeof discoveryRepositories.$inferSelect;
export type NewRepositoryRow = typeof discoveryRepositories.$inferInsert;

const orgIs = (organizationId: string | null) =>
  organizationId === null
    ? isNull(discoverySources.organizationId)
    : eq(discoverySources.organizationId, organizationId);

/** Discovery's tables (decision 1013): sources and what each last saw of its repositories. */
export const discoveryRepository = {
  async insert(db: Executor, values: NewSourceRow): Promise<SourceRow> {
    const [row] = await db.insert(discoverySources).values(values).returning();
    return row!;
  },
  async list(db: Executor, organizationId: string | null) {
    return db
      .select()
      .from(discoverySources)
      .where(orgIs(organizationId))
      .orderBy(asc(discoverySources.createdAt), asc(discoverySources.id))
      .limit(500);
  },
  async find(db: Executor, organizationId: string | null, id: string) {
    const [row] = await db
      .select()
      .from(discoverySources)
      .where(and(orgIs(organizationId), eq(discoverySources.id, id)))
      .limit(1);
    return row;
  },
  /** For background work, whatever the organization. */
  async findAny(db: Executor, id: string) {
    const [row] = await db.select().from(discoverySources).where(eq(discoverySources.id, id)).limit(1);
    return row;
  },
  async ofProvider(db: Executor, provider: string) {
    return db.select().from(discoverySources).where(eq(discoverySources.provider, provider)).limit(1000);
  },
  async all(db: Executor) {
    return db.select().from(discoverySources).limit(10_000);
  },
  async update(db: Executor, id: string, values: Partial<NewSourceRow>) {
    const [row] = await db.update(discoverySources).set(values).where(eq(discoverySources.id, id)).returning();
    return row;
  },
  async saveScan(db: Executor, id: string, scan: DiscoveryScanRecord, extra: Partial<NewSourceRow> = {}) {
    await db
      .update(discoverySources)
      .set({ lastScan: scan, ...extra, updatedAt: sql`${discoverySources.updatedAt}` })
      .where(eq(discoverySources.id, id));
  },
  async delete(db: Executor, organizationId: string | null, id: string) {
    const [row] = await db
      .delete(discoverySources)
      .where(and(orgIs(organizationId), eq(discoverySources.id, id)))
      .returning();
    return row;
  },

  async repositoriesByExternalIds(db: Executor, sourceId: string, externalIds: string[]) {
    if (externalIds.length === 0) return [];
    return db
      .select()
      .from(discoveryRepositories)
      .where(and(eq(discoveryRepositories.sourceId, sourceId), inArray(discoveryRepositories.externalId, externalIds)));
  },
  async repositoryByExternalId(db: Executor, sourceId: string, externalId: string) {
    const [row] = await db
      .select()
      .from(discoveryRepositories)
      .where(and(eq(discoveryRepositories.sourceId, sourceId), eq(discoveryRepositories.externalId, externalId)))
      .limit(1);
    return row;
  },
  async upsertRepositories(db: Executor, rows: NewRepositoryRow[]) {
    if (rows.length === 0) return;
    await db
      .insert(discoveryRepositories)
      .values(rows)
      .onConflictDoUpdate({
        target: [discoveryRepositories.sourceId, discoveryRepositories.externalId],
        set: {
          fullName: sql`excluded.full_name`,
          webUrl: sql`excluded.web_url`,
          page: sql`excluded.page`,
          changedAt: sql`excluded.changed_at`,
          fileEtag: sql`excluded.file_etag`,
          locationId: sql`excluded.location_id`,
          lastError: sql`excluded.last_error`,
          seenScan: sql`excluded.seen_scan`,
          updatedAt: sql`now()`,
        },
      });
  },
  /** A listing page answered 304: its repositories are still there. Answers how many. */
  async markPageSeen(db: Executor, sourceId: string, page: string, scanId: string): Promise<number> {
    const rows = await db
      .update(discoveryRepositories)
      .set({ seenScan: scanId })
      .where(and(eq(discoveryRepositories.sourceId, sourceId), eq(discoveryRepositories.page, page)))
      .returning({ id: discoveryRepositories.id });
    return rows.length;
  },
  /** Repositories the finished scan did not see: gone from the provider (or from the owner). */
  async unseen(db: Executor, sourceId: string, scanId: string) {
    return db
      .select()
      .from(discoveryRepositories)
      .where(
        and(
          eq(discoveryRepositories.sourceId, sourceId),
          or(isNull(discoveryRepositories.seenScan), ne(discoveryRepositories.seenScan, scanId)),
        ),
      );
  },
  async deleteRepository(db: Executor, id: string) {
    await db.delete(discoveryRepositories).where(eq(discoveryRepositories.id, id));
  },
  /** After a change of what a source reads: every repository is read again on the next scan. */
  async forgetReadings(db: Executor, sourceId: string) {
    await db
      .update(discoveryRepositories)
      .set({ changedAt: null, fileEtag: null })
      .where(eq(discoveryRepositories.sourceId, sourceId));
  },
  async errors(db: Executor, sourceId: string, limit = 100) {
    const where = and(eq(discoveryRepositories.sourceId, sourceId), isNotNull(discoveryRepositories.lastError));
    const [rows, [total]] = await Promise.all([
      db
        .select({
          repository: discoveryRepositories.fullName,
          url: discoveryRepositories.webUrl,
          message: discoveryRepositories.lastError,
          at: discoveryRepositories.updatedAt,
        })
        .from(discoveryRepositories)
        .where(where)
        .orderBy(desc(discoveryRepositories.updatedAt), asc(discoveryRepositories.fullName))
        .limit(limit),
      db.select({ n: count() }).from(discoveryRepositories).where(where),
    ]);
    return { rows: rows.map((r) => ({ ...r, message: r.message ?? '' })), total: total!.n };
  },
};
