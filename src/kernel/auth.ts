import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, Caller } from './caller.js';
import { Forbidden, Unauthorized } from './errors.js';

// Declared beside the caller (one import direction: decision 922); still importable from here.
export { type Actor } from './caller.js';

/**
 * Route-level access, declared in the route's `config.auth`:
 * - `user`: any valid access token or personal access token (the default for every /api/v1 route, so forgetting is safe);
 * - `admin`: an access token whose user holds the global `admin` role;
 * - `none`: public; `custom`: the module checks a credential of its own (ingestion, webhooks).
 */
export type AuthLevel = 'none' | 'user' | 'admin' | 'custom';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor;
    /** Set for `user` and `admin` routes: what the route hands its service verb first. */
    caller: Caller;
  }
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /** The route works on "the current organization": `X-Organization-Id` is checked once here. */
    organization?: boolean;
  }
}

/** Resolves the `X-Organization-Id` header (undefined when absent) for an actor: 400/403/404 as decision 603 says. */
export type OrganizationResolver = (actor: Actor, header: string | undefined) => Promise<string | null>;

export type ActorResolver = (token: string) => Promise<Actor | null>;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function levelOf(url: string, declared: AuthLevel | undefined): AuthLevel {
  return declared ?? (url.startsWith('/api/v1/') ? 'user' : 'none');
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOWED_BY_LEVEL: Record<AuthLevel, string> = {
  admin: 'Allowed: admins.',
  user: 'Allowed: any signed-in user, as narrowed by the summary (organization routes: members of the organization).',
  custom: 'Allowed: callers holding the credential this route checks (not a user token).',
  none: 'Allowed: anyone (no token).',
};

/**
 * Every write's OpenAPI description says who may call it (decision 957): a route that names its
 * callers itself (an "Allowed: …" line from the permission table) keeps it; the others get their
 * declared level's line.
 */
function describeWhoMayCall(route: { method: string | string[]; url: string; schema?: unknown }, level: AuthLevel) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = route.schema as { description?: string; hide?: boolean } | undefined;
  if (!route.url.startsWith('/api/') || !schema || schema.hide || !methods.some((m) => WRITES.has(m))) return;
  if (schema.description?.includes('Allowed:')) return;
  schema.description = schema.description
    ? `${ALLOWED_BY_LEVEL[level]} ${schema.description}`
    : ALLOWED_BY_LEVEL[level];
}

/** One hook enforces every route's declared level; the OpenAPI document shows which need a token. */
export function registerAuthGuard(
  app: FastifyInstance,
  resolveActor: ActorResolver,
  resolveOrganization: OrganizationResolver,
) {
  app.decorateRequest('actor', null as unknown as Actor);
  app.decorateRequest('caller', null as unknown as Caller);

  app.addHook('onRoute', (route) => {
    const level = levelOf(route.url, route.config?.auth);
    if (level === 'user' || level === 'admin') {
      route.schema = { ...(route.schema ?? {}), security: [{ bearerAuth: [] }] } as typeof route.schema;
    }
    describeWhoMayCall(route, level);
  });

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url) return;
    const level = levelOf(url, request.routeOptions.config.auth);
    if (level !== 'user' && level !== 'admin') return;
    const token = bearerToken(request);
    if (!token) throw new Unauthorized('Missing bearer token');
    const actor = await resolveActor(token);
    if (!actor) throw new Unauthorized('Invalid or expired token');
    request.actor = actor;
    // A read-only token reads, whatever the route and the user's roles (decision 836).
    if (actor.token?.scope === 'read' && request.method !== 'GET' && request.method !== 'HEAD') {
      throw new Forbidden('This personal access token is read-only: it may only read (GET)');
    }
    if (level === 'admin' && !actor.isAdmin) throw new Forbidden('This action requires the admin role');
    let organizationId: string | null = null;
    if (request.routeOptions.config.organization) {
      const raw = request.headers['x-organization-id'];
      organizationId = await resolveOrganization(actor, Array.isArray(raw) ? raw[0] : raw);
    }
    request.caller = { actor, organizationId, requestId: request.id };
  });
}
