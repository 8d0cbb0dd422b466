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

/**
 * The Content-Security-Policy of every response (decision 101): only this origin's scripts, styles
 * (inline style attributes allowed: Radix, Scalar and Swagger UI set them), images (+ data: URIs),
 * fonts, fetches and WebSockets ('self' covers ws:/wss: to the same host), Web Workers from this
 * origin or blob: URLs; nothing from other hosts. No `upgrade-insecure-requests`: over plain HTTP
 * it blanks /api/docs and the portal on any host name but localhost.
 */
export const CONTENT_SECURITY_POLICY = {
  useDefaults: true,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'", 'data:'],
    imgSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    manifestSrc: ["'self'"],
    frameAncestors: ["'self'"],
    objectSrc: ["'none'"],
    upgradeInsecureRequests: null,
  },
} satisfies HelmetOptions['contentSecurityPolicy'];
