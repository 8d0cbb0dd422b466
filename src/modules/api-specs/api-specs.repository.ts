import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { apiSpecConsumers, apiSpecs } from '../../db/schema/index.js';

export type ApiSpecRow = typeof apiSpecs.$inferSelect;
export type ConsumerRow = typeof apiSpecConsumers.$inferSelect;

/** Every column but the raw content: lists never load (possibly megabytes of) spec text. */
const summaryColumns = {
  id: apiSpecs.id,
  componentId: apiSpecs.componentId,
  name: apiSpecs.name,
  format: apiSpecs.format,
  version: apiSpecs.version,
  status: apiSpecs.status,
  problems: apiSpecs.problems,
  deprecatedAt: apiSpecs.deprecatedAt,
  sunsetAt: apiSpecs.sunsetAt,
  createdAt: apiSpecs.createdAt,
  updatedAt: apiSpecs.updatedAt,
};
export type ApiSpecSummaryRow = Omit<ApiSpecRow, 'spec' | 'specGzip' | 'document' | 'contentSha256'>;

const inflate = promisify(gunzip);
/**
 * The raw content of a row: its text, or its gzip'd bytes inflated on libuv's thread pool, off the
 * event loop (decision 309); only the UTF-8 decoding of the result runs here.
 */
async function contentOf(row: { spec: string | null; specGzip: Buffer | null }): Promise<string> {
  if (row.spec !== null) return row.spec;
  return (await inflate(row.specGzip!)).toString('utf8');
}

const specOrder = [asc(apiSpecs.name), asc(apiSpecs.createdAt), asc(apiSpecs.id)];

export const apiSpecsRepository = {
  async insert(db: Executor, values: typeof apiSpecs.$inferInsert): Promise<ApiSpecSummaryRow> {
    const [row] = await db.insert(apiSpecs).values(values).returning(summaryColumns);
    return row!;
  },

  /** The summary plus the raw content (GET by id); never the stored document. */
  async findWithContent(db: Executor, id: string): Promise<(ApiSpecSummaryRow & { spec: string }) | undefined> {
    const [row] = await db
      .select({ ...summaryColumns, spec: apiSpecs.spec, specGzip: apiSpecs.specGzip })
      .from(apiSpecs)
      .where(eq(apiSpecs.id, id))
      .limit(1);
    if (!row) return undefined;
    const { specGzip: _gz, ...rest } = row;
    return { ...rest, spec: await contentOf(row) };
  },

  async findSummary(db: Executor, id: string): Promise<ApiSpecSummaryRow | undefined> {
    const [row] = await db.select(summaryColumns).from(apiSpecs).where(eq(apiSpecs.id, id)).limit(1);
    return row;
  },

  /** What a diff checks first: the format and the content hash (identical content diffs to nothing at once). */
  async findDiffMeta(db: Executor, id: string) {
    const [row] = await db
      .select({ id: apiSpecs.id, format: apiSpecs.format, contentSha256: apiSpecs.contentSha256 })
      .from(apiSpecs)
      .where(eq(apiSpecs.id, id))
      .limit(1);
    return row;
  },

  /** What a diff needs: the stored document (the raw content only when no document is stored yet). */
  async findForDiff(db: Executor, id: string) {
    const [row] = await db
      .select({ id: apiSpecs.id, format: apiSpecs.format, document: apiSpecs.document })
      .from(apiSpecs)
      .where(eq(apiSpecs.id, id))
      .limit(1);
    return row;
  },

  async findContent(db: Executor, id: string): Promise<string | undefined> {
    const [row] = await db
      .select({ spec: apiSpecs.spec, specGzip: apiSpecs.specGzip })
      .from(apiSpecs)
      .where(eq(apiSpecs.id, id))
      .limit(1);
    return row && contentOf(row);
  },

  async saveDocument(db: Executor, id: string, document: string) {
    await db.update(apiSpecs).set({ document }).where(eq(apiSpecs.id, id));
  },

  /** The latest version of a component's spec of one name (the catalog adds versions to it); its content is not loaded. */
  async findLatest(db: Executor, componentId: string, name: string) {
    const [row] = await db
      .select({
        id: apiSpecs.id,
        contentSha256: apiSpecs.contentSha256,
        format: apiSpecs.format,
        version: apiSpecs.version,
      })
      .from(apiSpecs)
      .where(and(eq(apiSpecs.componentId, componentId), eq(apiSpecs.name, name)))
      .orderBy(desc(apiSpecs.createdAt), desc(apiSpecs.id))
      .limit(1);
    return row;
  },

  /** The summary of one spec, row-locked for a status move inside a transaction. */
  async findForUpdate(db: Executor, id: string): Promise<ApiSpecSummaryRow | undefined> {
    const [row] = await db.select(summaryColumns).from(apiSpecs).where(eq(apiSpecs.id, id)).limit(1).for('update');
    return row;
  },

  async exists(db: Executor, id: string): Promise<boolean> {
    const [row] = await db.select({ id: apiSpecs.id }).from(apiSpecs).where(eq(apiSpecs.id, id)).limit(1);
    return !!row;
  },

  async listByComponent(db: Executor, componentId: string): Promise<ApiSpecSummaryRow[]> {
    return db
      .select(summaryColumns)
      .from(apiSpecs)
      .where(eq(apiSpecs.componentId, componentId))
      .orderBy(...specOrder);
  },

  async updateLifecycle(
    db: Executor,
    id: string,
    values: { status: string; deprecatedAt: Date | null; sunsetAt: Date | null },
  ) {
    const [row] = await db
      .update(apiSpecs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(apiSpecs.id, id))
      .returning(summaryColumns);
    return row;
  },

  async delete(db: Executor, id: string): Promise<boolean> {
    const rows = await db.delete(apiSpecs).where(eq(apiSpecs.id, id)).returning({ id: apiSpecs.id });
    return rows.length > 0;
  },

  /** Specs consumed by a component directly or through its team; each spec once. */
  async listConsumedBy(db: Executor, componentId: string, teamId: string | null): Promise<ApiSpecSummaryRow[]> {
    const who = teamId
      ? or(eq(apiSpecConsumers.consumerComponentId, componentId), eq(apiSpecConsumers.consumerTeamId, teamId))
      : eq(apiSpecConsumers.consumerComponentId, componentId);
    const consumed = db.select({ id: apiSpecConsumers.apiSpecId }).from(apiSpecConsumers).where(who);
    return db
      .select(summaryColumns)
      .from(apiSpecs)
      .where(inArray(apiSpecs.id, consumed))
      .orderBy(...specOrder);
  },

  async insertConsumer(db: Executor, values: typeof apiSpecConsumers.$inferInsert): Promise<ConsumerRow> {
    const [row] = await db.insert(apiSpecConsumers).values(values).returning();
    return row!;
  },

  /** Which of the given ids already consume the spec (to name the duplicate in a 409). */
  async existingConsumer(db: Executor, apiSpecId: string, componentId: string | undefined, teamId: string | undefined) {
    const matches = [
      componentId ? eq(apiSpecConsumers.consumerComponentId, componentId) : undefined,
      teamId ? eq(apiSpecConsumers.consumerTeamId, teamId) : undefined,
    ].filter((m) => m !== undefined);
    if (matches.length === 0) return { component: false, team: false };
    const rows = await db
      .select({ c: apiSpecConsumers.consumerComponentId, t: apiSpecConsumers.consumerTeamId })
      .from(apiSpecConsumers)
      .where(and(eq(apiSpecConsumers.apiSpecId, apiSpecId), or(...matches)))
      .limit(2);
    return {
      component: !!componentId && rows.some((r) => r.c === componentId),
      team: !!teamId && rows.some((r) => r.t === teamId),
    };
  },

  async listConsumers(db: Executor, apiSpecId: string): Promise<ConsumerRow[]> {
    return db
      .select()
      .from(apiSpecConsumers)
      .where(eq(apiSpecConsumers.apiSpecId, apiSpecId))
      .orderBy(asc(apiSpecConsumers.createdAt), asc(apiSpecConsumers.id));
  },

  async deleteConsumer(db: Executor, apiSpecId: string, consumerId: string): Promise<boolean> {
    const rows = await db
      .delete(apiSpecConsumers)
      .where(and(eq(apiSpecConsumers.id, consumerId), eq(apiSpecConsumers.apiSpecId, apiSpecId)))
      .returning({ id: apiSpecConsumers.id });
    return rows.length > 0;
  },
};
