import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { pgErrorCode } from './db-errors.js';
import { UNAVAILABLE_MESSAGES, unavailableDependency } from './dependency-errors.js';
import { DomainError, type ErrorDetail } from './errors.js';

/** The error envelope of every failure: `{statusCode, message, error, timestamp, path[, details]}`. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  message: string,
  details?: ErrorDetail[],
) {
  const body: Record<string, unknown> = {
    statusCode,
    message,
    error: STATUS_CODES[statusCode] ?? 'Error',
    timestamp: new Date().toISOString(),
    // Query strings can carry tokens (webhooks): report the path only.
    path: request.url.split('?')[0],
  };
  if (details?.length) body.details = details;
  return reply.code(statusCode).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

const fieldOf = (e: AjvError, context: string | undefined) => {
  const segments = e.instancePath.split('/').filter(Boolean);
  if (e.keyword === 'required') segments.push(String(e.params.missingProperty));
  return segments.join('.') || context || 'body';
};

const isNullBranch = (e: AjvError) => e.keyword === 'type' && e.params.type === 'null';

/**
 * One readable problem for a failed `anyOf` (how TypeBox writes enums and nullable fields):
 * all-literal branches become "must be one of: a, b, c"; otherwise the first real branch failure
 * ("must match format \"email\""), without the "must be null" noise of a nullable field.
 */
function describeAnyOf(anyOf: AjvError, branch: AjvError[]): string {
  const own = branch.filter((b) => b.instancePath === anyOf.instancePath);
  const literal = own.length > 0 && own.every((b) => b.keyword === 'const' || b.keyword === 'anyOf' || isNullBranch(b));
  if (literal && own.some((b) => b.keyword === 'const')) {
    const values = own.filter((b) => b.keyword === 'const').map((b) => String(b.params.allowedValue));
    return `must be one of: ${values.join(', ')}${own.some(isNullBranch) ? ' (or null)' : ''}`;
  }
  const real = branch.find((b) => b.keyword !== 'anyOf' && !isNullBranch(b));
  return real?.message ?? 'has an invalid type or value';
}

function describeValidation(errors: AjvError[], context: string | undefined): ErrorDetail[] {
  // Branch errors of an anyOf are reported through the anyOf itself (outermost wins).
  const consumed = new Set<AjvError>();
  const anyOfs = errors.filter((e) => e.keyword === 'anyOf');
  const problems = new Map<AjvError, string>();
  for (const a of [...anyOfs].reverse()) {
    if (consumed.has(a)) continue;
    const branch = errors.filter((e) => e !== a && e.schemaPath?.startsWith(`${a.schemaPath}/`));
    branch.forEach((b) => consumed.add(b));
    problems.set(a, describeAnyOf(a, branch));
  }
  return errors
    .filter((e) => !consumed.has(e))
    .map((e) => {
      let problem = e.message ?? 'is invalid';
      if (e.keyword === 'required') problem = 'is required';
      else if (e.keyword === 'enum' && Array.isArray(e.params.allowedValues)) {
        problem = `must be one of: ${e.params.allowedValues.join(', ')}`;
      } else if (e.keyword === 'anyOf') problem = problems.get(e) ?? 'has an invalid type or value';
      return { field: fieldOf(e, context), problem };
    });
}

// PostgreSQL error classes that can only come from bad input slipping past a service check.
const PG_INPUT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'A record with these values already exists'],
  '23503': [400, 'A referenced record does not exist'],
  '22P02': [400, 'Invalid value'],
  '22001': [400, 'A value is too long'],
  '22003': [400, 'A number is out of range'],
  '22007': [400, 'Invalid date or time'],
  '22008': [400, 'Invalid date or time'],
  '54001': [400, 'The input is too complex'],
  '22021': [400, 'Text may not contain NUL characters or invalid UTF-8'],
  '22P05': [400, 'Text may not contain NUL characters'],
};

/** Answers a request no route matched (the portal's deep links); false leaves it to the 404. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

export function registerErrorHandling(app: FastifyInstance, notFoundFallback?: NotFoundFallback) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof DomainError) return sendError(request, reply, err.statusCode, err.message, err.details);
    if (err.validation) {
      const details = describeValidation(err.validation as AjvError[], err.validationContext);
      const first = details[0]!;
      return sendError(request, reply, 400, `${first.field} ${first.problem}`, details);
    }
    // An outage of PostgreSQL or Redis is the dependency's fault, not the request's: 503, retry later.
    const dependency = unavailableDependency(err);
    if (dependency) {
      request.log.warn({ err, dependency }, 'dependency unavailable');
      reply.header('retry-after', '5');
      return sendError(request, reply, 503, UNAVAILABLE_MESSAGES[dependency]);
    }
    const pg = pgErrorCode(err);
    if (pg && PG_INPUT_ERRORS[pg]) {
      request.log.warn({ pgCode: pg }, 'database rejected input');
      const [status, message] = PG_INPUT_ERRORS[pg]!;
      return sendError(request, reply, status, message);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429 && !reply.getHeader('retry-after')) reply.header('retry-after', '60');
      return sendError(request, reply, status, err.message || STATUS_CODES[status] || 'Bad request');
    }
    request.log.error({ err }, 'unhandled error');
    return sendError(request, reply, status >= 500 && status < 600 ? status : 500, 'Internal server error');
  });

  // Remember every route so an unknown method on a known path answers 405 instead of 404.
  const known = FindMyWay({ ignoreTrailingSlash: true });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods)
      if (m !== 'HEAD' || !methods.includes('GET')) known.on(m as HTTPMethod, route.url, () => {});
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as HTTPMethod[]).filter((m) => known.find(m, path));
    if (allowed.length > 0 && !allowed.includes(request.method as HTTPMethod)) {
      reply.header('allow', allowed.join(', '));
      return sendError(request, reply, 405, `Method ${request.method} is not allowed on ${path}`);
    }
    if (notFoundFallback?.(request, reply)) return reply;
    return sendError(request, reply, 404, `Route ${request.method} ${path} not found`);
  });
}
