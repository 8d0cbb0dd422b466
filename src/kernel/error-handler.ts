import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { DomainError, type ErrorDetail } from './errors.js';

/** The error envelope of every failure: `{statusCode, message, error, timestamp, path[, details]}`. */
export function sendError(request: FastifyRequest, reply: FastifyReply, statusCode: number, message: string, details?: ErrorDetail[]) {
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
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

function describeValidation(errors: AjvError[], context: string | undefined): ErrorDetail[] {
  return errors.map((e) => {
    const segments = e.instancePath.split('/').filter(Boolean);
    if (e.keyword === 'required') segments.push(String(e.params.missingProperty));
    const field = segments.join('.') || context || 'body';
    let problem = e.message ?? 'is invalid';
    if (e.keyword === 'required') problem = 'is required';
    else if (e.keyword === 'enum' && Array.isArray(e.params.allowedValues)) {
      problem = `must be one of: ${e.params.allowedValues.join(', ')}`;
    } else if (e.keyword === 'anyOf') problem = 'has an invalid type or value';
    return { field, problem };
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

function pgCode(err: unknown): string | undefined {
  for (let e: any = err, depth = 0; e && depth < 4; e = e.cause, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof DomainError) return sendError(request, reply, err.statusCode, err.message, err.details);
    if (err.validation) {
      const details = describeValidation(err.validation as AjvError[], err.validationContext);
      const first = details[0]!;
      return sendError(request, reply, 400, `${first.field} ${first.problem}`, details);
    }
    const pg = pgCode(err);
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
    for (const m of methods) if (m !== 'HEAD' || !methods.includes('GET')) known.on(m as HTTPMethod, route.url, () => {});
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const allowed = (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as HTTPMethod[]).filter((m) => known.find(m, path));
    if (allowed.length > 0 && !allowed.includes(request.method as HTTPMethod)) {
      reply.header('allow', allowed.join(', '));
      return sendError(request, reply, 405, `Method ${request.method} is not allowed on ${path}`);
    }
    return sendError(request, reply, 404, `Route ${request.method} ${path} not found`);
  });
}
