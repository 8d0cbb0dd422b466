import { and, desc, eq, getTableColumns, gte, like, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditRecords, auditSeals } from '../../db/schema/index.js';
import type { RecordRow } from './audit.repository.js';

// The list's and export's queries (decision 1211), out of audit.repository.ts.

/** A record with its seal, whose fields are null while it waits for the sealer (decision 1090). */
export type AuditRow = RecordRow & { seq: number | null; prevHash: string | null; hash: string | null };

/** The record's columns with its seal's, a left join: records show at once, sealed or not. */
const withSeal = {
  ...getTableColumns(auditRecords),
  seq: auditSeals.seq,
  prevHash: auditSeals.prevHash,
  hash: auditSeals.hash,
};
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

/** A keyset position: newest first by insertion order `n`, unique (decision 1211; `at` needed two more indexes). */
export interface AuditCursor {
  n: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The `n` range holding every record of a from/to window (decision 1211): min and max `n` of its rows. */
interface NRange {
  lo: number;
  hi: number;
}

function where(f: AuditFilter, after?: AuditCursor, range?: NRange): SQL | undefined {
  const t = auditRecords;
  const parts: (SQL | undefined)[] = [
    // An organization's records are its chain (chainOf): the (chain, n) index serves its keyset.
    f.organizationId ? eq(t.chain, f.organizationId) : undefined,
    f.actor
      ? /^[0-9a-f-]{36}$/i.test(f.actor)
        ? eq(t.actorUserId, f.actor)
        : eq(t.actorUsername, f.actor)
      : undefined,
    f.action ? like(t.action, `${escapeLike(f.action)}%`) : undefined,
    f.resourceType ? eq(t.resourceType, f.resourceType) : undefined,
    f.resourceId ? eq(t.resourceId, f.resourceId) : undefined,
    f.outcome ? eq(t.outcome, f.outcome) : undefined,
    f.from ? gte(t.at, f.from) : undefined,
    f.to ? lt(t.at, f.to) : undefined,
    after ? lt(t.n, after.n) : undefined,
    range ? gte(t.n, range.lo) : undefined,
    range ? lte(t.n, range.hi) : undefined,
  ];
  return and(...parts.filter(Boolean));
}

/** Reads of the audit list and export: no rules here. */
export const auditReads = {
  async page(db: Executor, f: AuditFilter, limit: number, after?: AuditCursor, range?: NRange): Promise<AuditRow[]> {
    return db
      .select(withSeal)
      .from(auditRecords)
      .leftJoin(auditSeals, eq(auditSeals.recordId, auditRecords.id))
      .where(where(f, after, range))
      .orderBy(desc(auditRecords.n))
      .limit(limit);
  },

  /**
   * The `n` range of a from/to window's records, from the `(at, n)` index alone (null: none). Every
   * record of the window has its `n` in it by definition, so bounding the `n` keyset by it changes no
   * answer; it stops a page's backward walk at the window, where the planner would otherwise read every
   * newer record (the time and `n` orders agree only roughly, decision 1211). Undefined without from/to.
   */
  async window(db: Executor, f: AuditFilter): Promise<NRange | null | undefined> {
    if (!f.from && !f.to) return undefined;
    const t = auditRecords;
    const [row] = await db
      // `n + 0`: not min/max of the `n` index itself, which PostgreSQL would answer by walking that index
      // from one end, filtering on `at` (the whole log for an old window).
      .select({ lo: sql<string | null>`min(${t.n} + 0)`, hi: sql<string | null>`max(${t.n} + 0)` })
      .from(t)
      .where(where({ organizationId: f.organizationId, from: f.from, to: f.to }));
    return row?.lo == null || row.hi == null ? null : { lo: Number(row.lo), hi: Number(row.hi) };
  },
};
