import { randomUUID } from 'node:crypto';
import type { Actor } from './auth.js';
import { SYSTEM_ACTOR } from './auth.js';

/**
 * Who asks, for which organization, in which request: the first argument of every service verb.
 * Routes build it from the request (kernel/auth.ts resolves the actor and, for routes declaring
 * `config.organization`, the `X-Organization-Id` membership); jobs use `systemCaller()`.
 * No service ever sees the Fastify request.
 */
export interface Caller {
  readonly actor: Actor;
  /** The current organization (decision 603); null: records without one. */
  readonly organizationId: string | null;
  readonly requestId: string;
}

/** The caller of background jobs and schedules (rule 7 of ARCHITECTURE.md). */
export function systemCaller(opts: { organizationId?: string | null; requestId?: string } = {}): Caller {
  return Object.freeze({ actor: SYSTEM_ACTOR, organizationId: opts.organizationId ?? null, requestId: opts.requestId ?? `job-${randomUUID()}` });
}
