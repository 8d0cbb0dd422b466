import { randomUUID } from 'node:crypto';

/** Who is calling: resolved from the access token on every request, with roles read fresh. */
export interface Actor {
  /** `system`: a background job or schedule, never a person. */
  kind: 'user' | 'system';
  userId: string;
  username: string;
  roles: string[];
  isAdmin: boolean;
  /** Set when the request came with a personal access token rather than a session's access token (decision 836). */
  token?: { id: string; scope: 'read' | 'write' };
  /** The user is a service account (decision 837). */
  service?: boolean;
}

/** The identity that background jobs act as (rule 7 of ARCHITECTURE.md). */
export const SYSTEM_ACTOR: Actor = Object.freeze({
  kind: 'system',
  userId: '00000000-0000-0000-0000-000000000000',
  username: 'system',
  roles: ['admin'],
  isAdmin: true,
});

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
  return Object.freeze({
    actor: SYSTEM_ACTOR,
    organizationId: opts.organizationId ?? null,
    requestId: opts.requestId ?? `job-${randomUUID()}`,
  });
}
