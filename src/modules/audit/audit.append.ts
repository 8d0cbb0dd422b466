import { randomUUID } from 'node:crypto';
import type { Executor } from '../../db/client.js';
import { viaOf, type AuditEntry } from '../../kernel/audit.js';
import { chainOf, maskChanges } from './audit.chain.js';
import type { Sealer } from './audit.sealer.js';
import { auditRepository as repo } from './audit.repository.js';

// Appending to a chain (decision 1170: cut out of createAuditService).

/**
 * A record's id: a UUID version 7 (48 bits of milliseconds, then the random bits of a version 4),
 * so ids arrive in about increasing order and the primary key's (and the seals') inserts land on the
 * right edge of the index instead of a random page (decision 1212).
 */
export function recordId(now = Date.now()): string {
  const r = randomUUID();
  const ms = now.toString(16).padStart(12, '0');
  return `${ms.slice(0, 8)}-${ms.slice(8, 12)}-7${r.slice(15, 18)}-${r.slice(19, 23)}-${r.slice(24)}`;
}

/** A request's address and user agent, by request id: what a record made inside a service adds. */
export interface RequestOrigins {
  get(requestId: string): { ip: string | null; userAgent: string | null } | undefined;
  /** The request's success was recorded inside its transaction: the response hook adds none. */
  markRecorded(requestId: string): void;
}

export function chainAppender(origins: RequestOrigins, sealer: Sealer) {
  /**
   * Inserts one record inside `tx` (decision 1090); the insert takes the chain's gate shared until
   * `tx` ends (decision 1100): it commits or rolls back with the change, other writers of the chain
   * do not wait for it, and the sealer chains it once its transaction has ended. On PostgreSQL the
   * insert is sent with the COMMIT of `tx` (decision 1205): nothing in `tx` may read the record back.
   */
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
    // The sealer is nudged once the record has gone in (with the COMMIT on PostgreSQL, decision 1205).
    await repo.insert(
      tx,
      {
        id: recordId(),
        chain,
        at: new Date(),
        organizationId,
        actorUserId: actor.userId,
        actorUsername: actor.username,
        actorVia: actor.via,
        action: entry.action,
        resourceType: entry.resource?.type ?? null,
        resourceId: entry.resource?.id ?? null,
        resourceRef: entry.resource?.ref ?? null,
        outcome: entry.outcome ?? 'success',
        statusCode: entry.statusCode ?? null,
        requestId,
        ip: origin?.ip ?? null,
        userAgent: origin?.userAgent ?? null,
        // JSON text, built once (decision 1212); the sealer hashes what jsonb hands back.
        changes: entry.changes ? JSON.stringify(maskChanges(entry.changes)) : null,
      },
      () => sealer.nudge(chain),
    );
    if (requestId && (entry.outcome ?? 'success') === 'success') origins.markRecorded(requestId);
  }
  return record;
}
