import { and, asc, desc, eq, gt, gte, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditChainHeads, auditCheckpoints, auditRecords } from '../../db/schema/index.js';

export type AuditRow = typeof auditRecords.$inferSelect;

export interface AuditFilter {
  organizationId?: string;
  actor?: string;
  action?: string;
  resourceType?: string;
  resourceId?: string;
  outcome?: string;
  from?: Date;
  to?: Date;
}

/** A keyset position: newest first, by time then id. */
export interface AuditCursor {
  at: Date;
  id: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(f: AuditFilter, after?: AuditCursor): SQL | undefined {
  const t = auditRecords;
  const parts: (SQL | undefined)[] = [
    f.organizationId ? eq(t.organizationId, f.organizationId) : undefined,
    f.actor ? (/^[0-9a-f-]{36}$/i.test(f.actor) ? eq(t.actorUserId, f.actor) : eq(t.actorUsername, f.actor)) : undefined,
    f.action ? like(t.action, `${escapeLike(f.action)}%`) : undefined,
    f.resourceType ? eq(t.resourceType, f.resourceType) : undefined,
    f.resourceId ? eq(t.resourceId, f.resourceId) : undefined,
    f.outcome ? eq(t.outcome, f.outcome) : undefined,
    f.from ? gte(t.at, f.from) : undefined,
    f.to ? lt(t.at, f.to) : undefined,
    after ? or(lt(t.at, after.at), and(eq(t.at, after.at), lt(t.id, after.id))) : undefined,
  ];
  return and(...parts.filter(Boolean));
}

/** Queries of the audit tables (decision 980): no rules here. Records are inserted, never updated. */
export const auditRepository = {
  /** The chain's head, locked until the transaction ends (created at the genesis hash when absent). */
  async lockHead(db: Executor, chain: string, genesis: string): Promise<{ seq: number; hash: string }> {
    await db.insert(auditChainHeads).values({ chain, seq: 0, hash: genesis }).onConflictDoNothing();
    const [head] = await db.select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain)).for('update');
    return { seq: head!.seq, hash: head!.hash };
  },

  async append(db: Executor, row: AuditRow): Promise<void> {
    await db.insert(auditRecords).values(row);
    await db.update(auditChainHeads).set({ seq: row.seq, hash: row.hash }).where(eq(auditChainHeads.chain, row.chain));
  },

  async page(db: Executor, f: AuditFilter, limit: number, after?: AuditCursor): Promise<AuditRow[]> {
    return db.select().from(auditRecords).where(where(f, after)).orderBy(desc(auditRecords.at), desc(auditRecords.id)).limit(limit);
  },

  /** Records of one chain in order, from `afterSeq` (exclusive), at most `limit`, up to `to`. */
  async chainSlice(db: Executor, chain: string, afterSeq: number, limit: number, to?: Date): Promise<AuditRow[]> {
    const t = auditRecords;
    return db
      .select()
      .from(t)
      .where(and(eq(t.chain, chain), gt(t.seq, afterSeq), to ? lte(t.at, to) : undefined))
      .orderBy(asc(t.seq))
      .limit(limit);
  },

  /** The first seq of the chain at or after `from` (or the first remaining one). */
  async firstSeq(db: Executor, chain: string, from?: Date): Promise<number | undefined> {
    const t = auditRecords;
    const [row] = await db
      .select({ seq: t.seq })
      .from(t)
      .where(and(eq(t.chain, chain), from ? gte(t.at, from) : undefined))
      .orderBy(asc(t.seq))
      .limit(1);
    return row?.seq;
  },

  async bySeq(db: Executor, chain: string, seq: number): Promise<AuditRow | undefined> {
    const [row] = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.chain, chain), eq(auditRecords.seq, seq)))
      .limit(1);
    return row;
  },

  /** The latest checkpoint at or before `seq`. */
  async checkpointBefore(db: Executor, chain: string, seq: number) {
    const [row] = await db
      .select()
      .from(auditCheckpoints)
      .where(and(eq(auditCheckpoints.chain, chain), lte(auditCheckpoints.seq, seq)))
      .orderBy(desc(auditCheckpoints.seq))
      .limit(1);
    return row;
  },

  async chains(db: Executor): Promise<string[]> {
    return (await db.select({ chain: auditChainHeads.chain }).from(auditChainHeads)).map((r) => r.chain);
  },

  /** The newest record of `chain` older than `before`: where pruning cuts. */
  async lastBefore(db: Executor, chain: string, before: Date): Promise<AuditRow | undefined> {
    const [row] = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.chain, chain), lt(auditRecords.at, before)))
      .orderBy(desc(auditRecords.seq))
      .limit(1);
    return row;
  },

  async insertCheckpoint(db: Executor, row: typeof auditCheckpoints.$inferInsert) {
    await db.insert(auditCheckpoints).values(row).onConflictDoNothing();
  },

  async deleteThrough(db: Executor, chain: string, seq: number): Promise<number> {
    const rows = await db
      .delete(auditRecords)
      .where(and(eq(auditRecords.chain, chain), lte(auditRecords.seq, seq)))
      .returning({ id: auditRecords.id });
    return rows.length;
  },

  /** Tests and the bench only: how many records a chain holds. */
  async count(db: Executor, chain: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditRecords)
      .where(eq(auditRecords.chain, chain));
    return row?.n ?? 0;
  },
};
