import { and, asc, desc, eq, getTableColumns, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditChainHeads, auditCheckpoints, auditRecords, auditSeals } from '../../db/schema/index.js';
import { insertRecord } from './audit.record-insert.js';

export type RecordRow = typeof auditRecords.$inferSelect;
export type SealRow = typeof auditSeals.$inferSelect;
/**
 * Advisory lock namespaces (two-int keys; the second is the chain's hashtext). The chain's gate is
 * held shared by each transaction that inserts a record (the `audit_records_gate` trigger, which
 * spells the 36 too) and taken exclusive for an instant by the sealer's fence (decision 1100); the
 * sealer lock lets one sealer at a time work on a chain (decision 1102).
 */
const CHAIN_GATE = 36;
const SEALER_LOCK = 37;
/** How long the fence waits for the chain's open writers before trying again later (decision 1100). */
const FENCE_TIMEOUT = '100ms';
/** Any statement of a sealing transaction, server side: a pass never waits long on anything (decision 1161). */
const SEALER_STATEMENT_TIMEOUT = '5s';

/** Queries of the audit tables (decisions 980, 1090): no rules here. Records and seals are inserted, never updated. */
export const auditRepository = {
  /** The record, sent with its transaction's COMMIT on PostgreSQL (audit.record-insert.ts, decision 1205). */
  insert: insertRecord,

  /** The chain's last record and its watermark, read without any lock: is there anything to fence for? */
  async progress(db: Executor, chain: string): Promise<{ last: number | null; sealedThrough: number }> {
    const res = await db.execute<{ last: string | null; sealed: string | null }>(sql`
      select (select max(n) from ${auditRecords} where chain = ${chain}) as last,
             (select sealed_through from ${auditChainHeads} where chain = ${chain}) as sealed`);
    const row = res.rows[0];
    return { last: row?.last == null ? null : Number(row.last), sealedThrough: Number(row?.sealed ?? 0) };
  },

  /**
   * The fence (decision 1100): takes the chain's gate exclusive, waiting at most FENCE_TIMEOUT for the
   * writers holding it, and answers the chain's last `n`: every record at or below it is final
   * (committed, or rolled back and gone), and every record inserted later gets a larger `n`. Answers
   * `null` for an empty chain. Throws on the lock timeout (SQLSTATE 55P03).
   */
  async fence(tx: Executor, chain: string): Promise<number | null> {
    await tx.execute(
      sql`select set_config('lock_timeout', ${FENCE_TIMEOUT}, true), set_config('statement_timeout', ${SEALER_STATEMENT_TIMEOUT}, true)`,
    );
    await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_GATE}, hashtext(${chain}))`);
    // A statement of its own: in READ COMMITTED its snapshot is taken after the lock was granted.
    const res = await tx.execute<{ last: string | null }>(
      sql`select max(n) as last from ${auditRecords} where chain = ${chain}`,
    );
    const last = res.rows[0]?.last;
    return last == null ? null : Number(last);
  },

  /**
   * One sealer per chain at a time, across processes: false when another holds it (decision 1102). The
   * rest of the sealing transaction runs under a short statement timeout (decision 1161).
   */
  async trySealerLock(tx: Executor, chain: string): Promise<boolean> {
    const res = await tx.execute<{ ok: boolean }>(
      sql`select set_config('statement_timeout', ${SEALER_STATEMENT_TIMEOUT}, true), pg_try_advisory_xact_lock(${SEALER_LOCK}, hashtext(${chain})) as ok`,
    );
    return res.rows[0]?.ok === true;
  },

  async head(tx: Executor, chain: string) {
    const [row] = await tx.select().from(auditChainHeads).where(eq(auditChainHeads.chain, chain));
    return row;
  },

  /** Unsealed records of `chain` with `n` in (after, through], in the order they are sealed (decision 1101). */
  async unsealed(tx: Executor, chain: string, after: number, through: number, limit: number): Promise<RecordRow[]> {
    const t = auditRecords;
    return tx
      .select(getTableColumns(t))
      .from(t)
      .leftJoin(auditSeals, eq(auditSeals.recordId, t.id))
      .where(and(eq(t.chain, chain), gt(t.n, after), lte(t.n, through), isNull(auditSeals.recordId)))
      .orderBy(asc(t.n))
      .limit(limit);
  },

  /**
   * A batch of seals as one JSON parameter (decision 1207): the query builder's multi-row insert of
   * 2,000 rows bound 10,000 parameters and cost the writing process more than the hashing.
   */
  async insertSeals(tx: Executor, seals: SealRow[]): Promise<void> {
    if (!seals.length) return;
    const json = JSON.stringify(seals.map((s) => [s.recordId, s.chain, s.seq, s.prevHash, s.hash]));
    await tx.execute(sql`
      insert into ${auditSeals} (record_id, chain, seq, prev_hash, hash)
      select (s->>0)::uuid, s->>1, (s->>2)::bigint, s->>3, s->>4 from jsonb_array_elements(${json}::jsonb) as s`);
  },

  async saveHead(
    tx: Executor,
    head: { chain: string; seq: number; hash: string; sealedThrough: number },
  ): Promise<void> {
    await tx
      .insert(auditChainHeads)
      .values(head)
      .onConflictDoUpdate({
        target: auditChainHeads.chain,
        set: { seq: head.seq, hash: head.hash, sealedThrough: head.sealedThrough },
      });
  },

  /**
   * Chains that may have records to seal: those with a head, and new ones with an unsealed record of
   * the last day (through the `at` index: the sweep runs every minute, so older ones have a head).
   */
  async chainsToSeal(db: Executor): Promise<string[]> {
    const res = await db.execute<{ chain: string }>(sql`
      select chain from ${auditChainHeads}
      union
      select distinct r.chain from ${auditRecords} r
      where r.at > now() - interval '1 day' and not exists (select 1 from ${auditSeals} s where s.record_id = r.id)`);
    return res.rows.map((r) => r.chain);
  },

  /** How many records of a chain wait for their seal. */
  async pending(db: Executor, chain: string): Promise<number> {
    const res = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${auditRecords} r
      where r.chain = ${chain} and not exists (select 1 from ${auditSeals} s where s.record_id = r.id)`);
    return Number(res.rows[0]?.n ?? 0);
  },

  /** Seals of one chain in order, from `afterSeq` (exclusive), with their records (null when deleted), up to `to`. */
  async sealedSlice(db: Executor, chain: string, afterSeq: number, limit: number, to?: Date) {
    return db
      .select({ seal: auditSeals, record: auditRecords })
      .from(auditSeals)
      .leftJoin(auditRecords, eq(auditRecords.id, auditSeals.recordId))
      .where(
        and(
          eq(auditSeals.chain, chain),
          gt(auditSeals.seq, afterSeq),
          to ? or(isNull(auditRecords.id), lte(auditRecords.at, to)) : undefined,
        ),
      )
      .orderBy(asc(auditSeals.seq))
      .limit(limit);
  },

  /** The first seq of the chain whose record is at or after `from`, or is missing (so a deleted record is named). */
  async firstSeq(db: Executor, chain: string, from?: Date): Promise<number | undefined> {
    const [row] = await db
      .select({ seq: auditSeals.seq })
      .from(auditSeals)
      .leftJoin(auditRecords, eq(auditRecords.id, auditSeals.recordId))
      .where(
        and(eq(auditSeals.chain, chain), from ? or(isNull(auditRecords.id), gte(auditRecords.at, from)) : undefined),
      )
      .orderBy(asc(auditSeals.seq))
      .limit(1);
    return row?.seq;
  },

  async sealBySeq(db: Executor, chain: string, seq: number): Promise<SealRow | undefined> {
    const [row] = await db
      .select()
      .from(auditSeals)
      .where(and(eq(auditSeals.chain, chain), eq(auditSeals.seq, seq)))
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

  /** The last sealed record of `chain` older than `before`: where pruning cuts (unsealed records wait). */
  async lastBefore(db: Executor, chain: string, before: Date): Promise<SealRow | undefined> {
    const [row] = await db
      .select(getTableColumns(auditSeals))
      .from(auditSeals)
      .innerJoin(auditRecords, eq(auditRecords.id, auditSeals.recordId))
      .where(and(eq(auditSeals.chain, chain), lt(auditRecords.at, before)))
      .orderBy(desc(auditSeals.seq))
      .limit(1);
    return row;
  },

  async insertCheckpoint(db: Executor, row: typeof auditCheckpoints.$inferInsert) {
    await db.insert(auditCheckpoints).values(row).onConflictDoNothing();
  },

  /** Records sealed at or before `seq`, and their seals (the checkpoint stands in for them). */
  async deleteThrough(db: Executor, chain: string, seq: number): Promise<number> {
    const sealed = db
      .select({ id: auditSeals.recordId })
      .from(auditSeals)
      .where(and(eq(auditSeals.chain, chain), lte(auditSeals.seq, seq)));
    const rows = await db
      .delete(auditRecords)
      .where(inArray(auditRecords.id, sealed))
      .returning({ id: auditRecords.id });
    await db.delete(auditSeals).where(and(eq(auditSeals.chain, chain), lte(auditSeals.seq, seq)));
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
