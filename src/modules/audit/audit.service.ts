import type { Database } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Forbidden } from '../../kernel/errors.js';
import { chainOf, signCheckpoint } from './audit.chain.js';
import { chainAppender, type RequestOrigins } from './audit.append.js';
import { auditReads, type AuditCursor, type AuditFilter } from './audit.reads.js';
import { auditRepository as repo } from './audit.repository.js';
import type { Sealer } from './audit.sealer.js';
import { chainVerifier } from './audit.verify.js';
import { decodeCursor, encodeCursor, MAX_PAGE, toView, type AuditRecordView } from './audit.views.js';
import type { AuditPort } from '../../kernel/audit.js';

export type { RequestOrigins } from './audit.append.js';
export type { AuditRecordView } from './audit.views.js';

export interface AuditServiceDeps {
  db: Database;
  checkpointKey: string;
  origins: RequestOrigins;
  sealer: Sealer;
  /** The caller's role in an organization (owners and admins read its log). */
  roleOf(organizationId: string, userId: string): Promise<string | undefined>;
}

/** The audit service: appends (audit.append.ts), verification (audit.verify.ts) and reads (decision 1170). */
export function createAuditService({ db, checkpointKey, origins, sealer, roleOf }: AuditServiceDeps) {
  const record = chainAppender(origins, sealer);
  const verifyChain = chainVerifier(db, checkpointKey, sealer);

  /** Global admins read every record; an organization's owners and admins read its own (decision 985). */
  async function scope(caller: Caller): Promise<{ organizationId?: string; chain: string }> {
    if (caller.actor.isAdmin)
      return caller.organizationId
        ? { organizationId: caller.organizationId, chain: caller.organizationId }
        : { chain: chainOf(null) };
    if (!caller.organizationId)
      throw new Forbidden(
        'The audit log is read by global admins, or by owners and admins for their organization (send X-Organization-Id)',
      );
    const role = await roleOf(caller.organizationId, caller.actor.userId);
    if (role !== 'owner' && role !== 'admin')
      throw new Forbidden("Only the organization's owners and admins read its audit log");
    return { organizationId: caller.organizationId, chain: caller.organizationId };
  }

  return {
    record,

    async list(caller: Caller, filter: AuditFilter, limit: number, cursor?: string) {
      const { organizationId } = await scope(caller);
      const f = { ...filter, organizationId };
      const after = cursor ? decodeCursor(cursor) : undefined;
      const range = await auditReads.window(db, f);
      if (range === null) return { data: [], nextCursor: null };
      const rows = await auditReads.page(db, f, Math.min(limit, MAX_PAGE) + 1, after, range);
      const page = rows.slice(0, Math.min(limit, MAX_PAGE));
      const last = page.at(-1);
      return { data: page.map(toView), nextCursor: rows.length > page.length && last ? encodeCursor(last) : null };
    },

    /** Batches of records newest first, each read after the previous one is consumed (the export's backpressure). */
    async *batches(caller: Caller, filter: AuditFilter, batchSize = 1000): AsyncGenerator<AuditRecordView[]> {
      const { organizationId } = await scope(caller);
      const f = { ...filter, organizationId };
      // The window's `n` range once for the whole export (decision 1211).
      const range = await auditReads.window(db, f);
      if (range === null) return;
      let after: AuditCursor | undefined;
      for (;;) {
        const rows = await auditReads.page(db, f, batchSize, after, range);
        if (rows.length === 0) return;
        yield rows.map(toView);
        if (rows.length < batchSize) return;
        const last = rows.at(-1)!;
        after = { n: last.n };
      }
    },

    /** Walks the caller's chain from `from` to `to` (decision 983; audit.verify.ts). */
    async verify(caller: Caller, range: { from?: Date; to?: Date }) {
      const { chain } = await scope(caller);
      return verifyChain(chain, range);
    },

    /** Cuts every chain at the retention limit behind a signed checkpoint (decision 983). Answers the records removed. */
    async prune(retentionDays: number, now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - retentionDays * 86_400_000);
      let removed = 0;
      // Only sealed records are cut (behind a checkpoint): seal what has committed first (decision 1093).
      await sealer.sealAll();
      for (const chain of await repo.chains(db)) {
        removed += await db.transaction(async (tx) => {
          const last = await repo.lastBefore(tx, chain, before);
          if (!last) return 0;
          const checkpoint = { chain, seq: last.seq, hash: last.hash };
          await repo.insertCheckpoint(tx, {
            ...checkpoint,
            at: now,
            signature: signCheckpoint(checkpointKey, checkpoint),
          });
          return repo.deleteThrough(tx, chain, last.seq);
        });
      }
      return removed;
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService> & AuditPort;
