import helmet, { type HelmetOptions } from 'helmet';

const HSTS = 'max-age=15552000; includeSubDomains';

/**
 * Helmet's headers, worked out once at start. They are the same for every response, and running
 * helmet per request (as @fastify/helmet does, re-parsing the CSP directives each time) was a
 * measurable share of the authenticated hot path.
 */
export function staticSecurityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => undefined);
  return headers;
}

/**
 * Headers every response carries: helmet's, the request id, and HSTS only when the request came
 * over HTTPS (over plain HTTP it would blank /api/docs for any host name but localhost).
 */
export function securityHeadersHook(contentSecurityPolicy: HelmetOptions['contentSecurityPolicy']) {
  const headers = staticSecurityHeaders({ contentSecurityPolicy, hsts: false });
  return (
    request: { id: string; protocol: string },
    reply: { headers(values: Record<string, string>): unknown; header(name: string, value: string): unknown },
    done: () => void,
  ) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  };
}
