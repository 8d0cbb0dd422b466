import { randomUUID } from 'node:crypto';
import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../../kernel/caller.js';
import { Forbidden, Invalid } from '../../kernel/errors.js';
import { GENESIS_HASH, chainOf, checkpointValid, maskChanges, recordHash, signCheckpoint, type ChainedBody } from './audit.chain.js';
import { auditRepository as repo, type AuditCursor, type AuditFilter, type AuditRow } from './audit.repository.js';
import { viaOf, type AuditEntry, type AuditPort } from '../../kernel/audit.js';

/** A request's address and user agent, by request id: what a record made inside a service adds. */
export interface RequestOrigins {
  get(requestId: string): { ip: string | null; userAgent: string | null } | undefined;
  /** The request's success was recorded inside its transaction: the response hook adds none. */
  markRecorded(requestId: string): void;
}

export interface AuditRecordView {
  id: string;
  at: string;
  actor: { userId: string | null; username: string | null; via: string };
  organizationId: string | null;
  action: string;
  resource: { type: string | null; id: string | null; ref: string | null };
  outcome: string;
  statusCode: number | null;
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
  changes: Record<string, [unknown, unknown]> | null;
  seq: number;
  hash: string;
}

export const toView = (r: AuditRow): AuditRecordView => ({
  id: r.id,
  at: r.at.toISOString(),
  actor: { userId: r.actorUserId, username: r.actorUsername, via: r.actorVia },
  organizationId: r.organizationId,
  action: r.action,
  resource: { type: r.resourceType, id: r.resourceId, ref: r.resourceRef },
  outcome: r.outcome,
  statusCode: r.statusCode,
  requestId: r.requestId,
  ip: r.ip,
  userAgent: r.userAgent,
  changes: r.changes,
  seq: r.seq,
  hash: r.hash,
});

/** The hashed body of a stored row: the same fields, in the same shape, as when it was appended. */
export const bodyOf = (r: AuditRow): ChainedBody => {
  const { seq, hash: _h, ...view } = toView(r);
  return { ...view, chain: r.chain, seq };
};

export const MAX_PAGE = 500;

export const encodeCursor = (c: AuditCursor) => Buffer.from(`${c.at.toISOString()}|${c.id}`).toString('base64url');
export function decodeCursor(raw: string): AuditCursor {
  const [at, id] = Buffer.from(raw, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime()))
    throw new Invalid('cursor is not one this API issued', [{ field: 'cursor', problem: 'is not valid' }]);
  return { at: date, id };
}

export interface AuditServiceDeps {
  db: Database;
  checkpointKey: string;
  origins: RequestOrigins;
  /** The caller's role in an organization (owners and admins read its log). */
  roleOf(organizationId: string, userId: string): Promise<string | undefined>;
}

export function createAuditService({ db, checkpointKey, origins, roleOf }: AuditServiceDeps) {
  /** Appends one record to its chain inside `tx` (decision 981): the head row lock orders a chain's appends. */
  async function record(tx: Executor, entry: AuditEntry): Promise<void> {
    const caller = entry.caller;
    const organizationId = entry.organizationId !== undefined ? entry.organizationId : (caller?.organizationId ?? null);
    const requestId = entry.requestId ?? caller?.requestId ?? null;
    const origin = entry.origin ?? (requestId ? origins.get(requestId) : undefined);
    const actor =
      entry.actor ??
      (caller
        ? { userId: caller.actor.userId, username: caller.actor.username, via: viaOf(caller.actor) }
        : { userId: null, username: null, via: 'system' as const });
    const chain = chainOf(organizationId);
    const head = await repo.lockHead(tx, chain, GENESIS_HASH);
    const body: ChainedBody = {
      id: randomUUID(),
      chain,
      seq: head.seq + 1,
      at: new Date().toISOString(),
      organizationId,
      actor,
      action: entry.action,
      resource: { type: entry.resource?.type ?? null, id: entry.resource?.id ?? null, ref: entry.resource?.ref ?? null },
      outcome: entry.outcome ?? 'success',
      statusCode: entry.statusCode ?? null,
      requestId,
      ip: origin?.ip ?? null,
      userAgent: origin?.userAgent ?? null,
      // Plain JSON (dates as strings) so the hash covers exactly what jsonb hands back.
      changes: entry.changes ? (JSON.parse(JSON.stringify(maskChanges(entry.changes))) as Record<string, [unknown, unknown]>) : null,
    };
    const hash = recordHash(head.hash, body);
    await repo.append(tx, {
      id: body.id,
      chain,
      seq: body.seq,
      at: new Date(body.at),
      organizationId,
      actorUserId: actor.userId,
      actorUsername: actor.username,
      actorVia: actor.via,
      action: body.action,
      resourceType: body.resource.type,
      resourceId: body.resource.id,
      resourceRef: body.resource.ref,
      outcome: body.outcome,
      statusCode: body.statusCode,
      requestId,
      ip: body.ip,
      userAgent: body.userAgent,
      changes: body.changes,
      prevHash: head.hash,
      hash,
    });
    if (requestId && body.outcome === 'success') origins.markRecorded(requestId);
  }

  /** Global admins read every record; an organization's owners and admins read its own (decision 985). */
  async function scope(caller: Caller): Promise<{ organizationId?: string; chain: string }> {
    if (caller.actor.isAdmin) return caller.organizationId ? { organizationId: caller.organizationId, chain: caller.organizationId } : { chain: chainOf(null) };
    if (!caller.organizationId)
      throw new Forbidden('The audit log is read by global admins, or by owners and admins for their organization (send X-Organization-Id)');
    const role = await roleOf(caller.organizationId, caller.actor.userId);
    if (role !== 'owner' && role !== 'admin') throw new Forbidden("Only the organization's owners and admins read its audit log");
    return { organizationId: caller.organizationId, chain: caller.organizationId };
  }

  return {
    record,

    async list(caller: Caller, filter: AuditFilter, limit: number, cursor?: string) {
      const { organizationId } = await scope(caller);
      const rows = await repo.page(db, { ...filter, organizationId }, Math.min(limit, MAX_PAGE) + 1, cursor ? decodeCursor(cursor) : undefined);
      const page = rows.slice(0, Math.min(limit, MAX_PAGE));
      const last = page.at(-1);
      return { data: page.map(toView), nextCursor: rows.length > page.length && last ? encodeCursor(last) : null };
    },

    /** Batches of records newest first, each read after the previous one is consumed (the export's backpressure). */
    async *batches(caller: Caller, filter: AuditFilter, batchSize = 1000): AsyncGenerator<AuditRecordView[]> {
      const { organizationId } = await scope(caller);
      let after: AuditCursor | undefined;
      for (;;) {
        const rows = await repo.page(db, { ...filter, organizationId }, batchSize, after);
        if (rows.length === 0) return;
        yield rows.map(toView);
        if (rows.length < batchSize) return;
        const last = rows.at(-1)!;
        after = { at: last.at, id: last.id };
      }
    },

    /**
     * Walks the caller's chain from `from` to `to` (decision 983): each record's hash must be the
     * SHA-256 of its predecessor's and its own canonical JSON, with no seq missing; before the first
     * record left after pruning, its signed checkpoint stands in.
     */
    async verify(caller: Caller, range: { from?: Date; to?: Date }) {
      const { chain } = await scope(caller);
      const first = await repo.firstSeq(db, chain, range.from);
      if (first === undefined) return { ok: true, checked: 0, firstBad: null };
      let prev = await startHash(chain, first);
      if (typeof prev !== 'string') return { ok: false, checked: 0, firstBad: prev };
      let expectedSeq = first;
      let checked = 0;
      for (;;) {
        const rows = await repo.chainSlice(db, chain, expectedSeq - 1, 1000, range.to);
        for (const row of rows) {
          const bad = (reason: string) => ({ ok: false, checked, firstBad: { id: row.id, seq: row.seq, at: row.at.toISOString(), reason } });
          if (row.seq !== expectedSeq)
            return {
              ...bad(`record ${expectedSeq} is missing`),
              firstBad: { id: null, seq: expectedSeq, at: null, reason: `record ${expectedSeq} is missing` },
            };
          if (row.prevHash !== prev) return bad('its previous hash does not match the record before it');
          if (recordHash(prev, bodyOf(row)) !== row.hash) return bad('its contents do not match its hash');
          prev = row.hash;
          expectedSeq++;
          checked++;
        }
        if (rows.length < 1000) return { ok: true, checked, firstBad: null };
      }
    },

    /** Cuts every chain at the retention limit behind a signed checkpoint (decision 983). Answers the records removed. */
    async prune(retentionDays: number, now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - retentionDays * 86_400_000);
      let removed = 0;
      for (const chain of await repo.chains(db)) {
        removed += await db.transaction(async (tx) => {
          const last = await repo.lastBefore(tx, chain, before);
          if (!last) return 0;
          const checkpoint = { chain, seq: last.seq, hash: last.hash };
          await repo.insertCheckpoint(tx, { ...checkpoint, at: now, signature: signCheckpoint(checkpointKey, checkpoint) });
          return repo.deleteThrough(tx, chain, last.seq);
        });
      }
      return removed;
    },
  };

  /** The hash the record `seq` must follow: its predecessor's, a signed checkpoint's, or the genesis hash. */
  async function startHash(chain: string, seq: number): Promise<string | { id: null; seq: number; at: null; reason: string }> {
    if (seq === 1) return GENESIS_HASH;
    const previous = await repo.bySeq(db, chain, seq - 1);
    if (previous) return previous.hash;
    const checkpoint = await repo.checkpointBefore(db, chain, seq - 1);
    if (!checkpoint || checkpoint.seq !== seq - 1)
      return { id: null, seq: seq - 1, at: null, reason: `record ${seq - 1} is missing and no checkpoint covers it` };
    if (!checkpointValid(checkpointKey, checkpoint))
      return { id: null, seq: checkpoint.seq, at: null, reason: 'the pruning checkpoint signature does not match' };
    return checkpoint.hash;
  }
}

export type AuditService = ReturnType<typeof createAuditService> & AuditPort;
