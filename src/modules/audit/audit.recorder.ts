import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.js';
import type { AuditService, RequestOrigins } from './audit.service.js';
import { viaOf } from '../../kernel/audit.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const VERBS: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };
/** Writes with records of their own, made by their services (sign-ins: decision 984). */
const SELF_RECORDED = new Set(['/api/v1/auth/login', '/api/v1/auth/refresh', '/api/v1/auth/logout']);

/** Request origins kept while a write runs, so records made in a service carry its address and user agent. */
export function requestOrigins(): RequestOrigins & { begin(req: FastifyRequest): void; end(id: string): boolean } {
  const open = new Map<string, { ip: string | null; userAgent: string | null; recorded: boolean }>();
  return {
    begin(req) {
      open.set(req.id, {
        ip: req.ip ?? null,
        userAgent: req.headers['user-agent']?.slice(0, 512) ?? null,
        recorded: false,
      });
    },
    get: (id) => open.get(id),
    markRecorded(id) {
      const o = open.get(id);
      if (o) o.recorded = true;
    },
    end(id) {
      const recorded = open.get(id)?.recorded ?? false;
      open.delete(id);
      return recorded;
    },
  };
}

/**
 * `POST /api/v1/catalog/entities/:id/owners` → `catalog.entities.owners.create`, with the last
 * parameter as the resource id and the last fixed segment as its type.
 */
export function actionOf(method: string, route: string, params: Record<string, string>) {
  const segments = route.replace(/^\/api\/v1\//, '').split('/');
  const fixed = segments.filter((s) => s && !s.startsWith(':'));
  const lastParam = [...segments].reverse().find((s) => s.startsWith(':'));
  const resourceId = lastParam ? (params[lastParam.slice(1)] ?? null) : null;
  return {
    action: [...fixed, VERBS[method] ?? method.toLowerCase()].join('.').slice(0, 200),
    resource: { type: fixed.at(-1) ?? 'api', id: resourceId },
  };
}

/**
 * The response-level half of the audit (decision 980): every API write refused by authorization
 * (403) leaves a `denied` record and every failed one a `failed` record, after its transaction has
 * rolled back; a success whose service did not record it inside its transaction is recorded here.
 */
export function registerAuditRecorder(
  app: FastifyInstance,
  db: Database,
  audit: AuditService,
  origins: ReturnType<typeof requestOrigins>,
) {
  const tracked = (req: FastifyRequest) => WRITES.has(req.method) && !!req.routeOptions.url?.startsWith('/api/v1/');
  app.addHook('onRequest', async (req) => {
    if (tracked(req)) origins.begin(req);
  });
  app.addHook('onResponse', async (req, reply) => {
    if (!tracked(req)) return;
    const recordedInTransaction = origins.end(req.id);
    const status = reply.statusCode;
    const route = req.routeOptions.url!;
    // 503: the database (or the system the route needs) was unavailable; a record written now would wait on
    // the same outage and hold the process's shutdown (decision 1003).
    if (SELF_RECORDED.has(route) || status === 401 || status === 429 || status === 503) return;
    const outcome = status === 403 ? 'denied' : status >= 400 ? 'failed' : 'success';
    if (outcome === 'success' && recordedInTransaction) return;
    const { action, resource } = actionOf(req.method, route, (req.params ?? {}) as Record<string, string>);
    const caller = req.caller ?? undefined;
    const origin = { ip: req.ip ?? null, userAgent: req.headers['user-agent']?.slice(0, 512) ?? null };
    try {
      await db.transaction((tx) =>
        audit.record(tx, {
          caller,
          actor: caller
            ? undefined
            : req.actor
              ? { userId: req.actor.userId, username: req.actor.username, via: viaOf(req.actor) }
              : { userId: null, username: null, via: 'system' },
          requestId: req.id,
          action,
          resource,
          outcome,
          statusCode: status,
          origin,
        }),
      );
    } catch (err) {
      req.log.error({ err, action }, 'could not write an audit record');
    }
  });
}
