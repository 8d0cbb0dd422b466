import type { Executor } from '../db/client.js';
import type { Actor } from './auth.js';
import type { Caller } from './caller.js';

export type AuditVia = 'password' | 'oidc' | 'token' | 'service' | 'system';
export type AuditOutcome = 'success' | 'denied' | 'failed';

/** What a module hands the audit port: who (a caller, or an actor for sign-ins), what, and what changed. */
export interface AuditEntry {
  /** The caller of the verb; its request's address and user agent are added by the audit module. */
  caller?: Caller;
  /** Instead of a caller: who signed in (or tried to), and how. */
  actor?: { userId: string | null; username: string | null; via: AuditVia };
  /** Overrides the caller's organization. */
  organizationId?: string | null;
  requestId?: string;
  /** The request's address and user agent, when the audit module cannot look them up by request id. */
  origin?: { ip: string | null; userAgent: string | null };
  /** `<module>.<resource>.<verb>`, e.g. `catalog.entity.update`. */
  action: string;
  resource?: { type: string; id?: string | null; ref?: string | null };
  outcome?: AuditOutcome;
  statusCode?: number;
  /** `{field: [before, after]}`: masked again on the way in (decision 982). */
  changes?: Record<string, [unknown, unknown]>;
}

/**
 * The audit port every module reaches (decision 980): `record(tx, entry)` inserts the record
 * inside the caller's transaction, so the change and its record commit or roll back together; the
 * audit module chains it after the commit (decision 1090).
 */
export interface AuditPort {
  record(tx: Executor, entry: AuditEntry): Promise<void>;
}

/** How an actor authenticated, as the record's `via` says (decision 984). */
export function viaOf(actor: Actor): AuditVia {
  if (actor.kind === 'system') return 'system';
  if (actor.service) return 'service';
  if (actor.token) return 'token';
  // A session's access token does not say how its user signed in: the sign-in record does (decision 984).
  return 'password';
}
