import { Invalid } from '../../kernel/errors.js';
import type { AuditCursor, AuditRow } from './audit.reads.js';
import type { RecordRow } from './audit.repository.js';

// How records are shown and paged (decision 1170: cut out of audit.service.ts).

/** What a record shows, and its hash covers (with its chain and seq, decision 981), of its row. */
export interface AuditRecordFields {
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
}

export const recordFields = (r: RecordRow): AuditRecordFields => ({
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
});

export interface AuditRecordView extends AuditRecordFields {
  /** Null until the sealer gives the record its place in the chain (decision 1090). */
  seq: number | null;
  hash: string | null;
}

export const toView = (r: AuditRow): AuditRecordView => ({ ...recordFields(r), seq: r.seq, hash: r.hash });

export const MAX_PAGE = 500;

/** The cursor: the last record's `n`, opaque to clients (decision 1211). */
export const encodeCursor = (c: AuditCursor) => Buffer.from(`n${c.n}`).toString('base64url');
export function decodeCursor(raw: string): AuditCursor {
  const m = /^n(\d{1,15})$/.exec(Buffer.from(raw, 'base64url').toString());
  if (!m) throw new Invalid('cursor is not one this API issued', [{ field: 'cursor', problem: 'is not valid' }]);
  return { n: Number(m[1]) };
}
