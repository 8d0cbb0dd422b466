import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';

/** The app's conventions at run time: the error envelope, schemas and operations (architecture.test.ts reads the code). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ MAX_BODY_BYTES: '2048', ALLOWED_ORIGINS: 'https://portal.example.test' });
});
afterAll(() => t.close());

describe('error envelope on every failure', () => {
  it('unknown route: 404', async () => {
    const body = expectError(await t.app.inject({ method: 'GET', url: '/api/v1/nope?token=secret' }), 404);
    expect(body.path).toBe('/api/v1/nope');
    expect(body.error).toBe('Not Found');
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  });

  it('unsupported method on a known path: 405 with Allow', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/auth/login' });
    expectError(res, 405);
    expect(res.headers.allow).toContain('POST');
  });

  it('malformed JSON: 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(expectError(res, 400).message).toMatch(/JSON/);
  });

  it('body over MAX_BODY_BYTES: 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'x'.repeat(4096), password: 'y' },
    });
    expectError(res, 413);
  });

  it('wrong content type: 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expectError(res, 415);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: '{"username":"a","password":"b"}',
    });
    expectError(plain, 415);
  });

  it('validation: 400 with one message and details', async () => {
    const body = expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { username: 'ab', email: 'x@y.test', password: 7 },
      }),
      400,
    );
    expect(body.message).toMatch(/password/);
    expect(body.details?.[0]).toMatchObject({ field: 'password' });
  });

  it('empty JSON body on a route without body is fine; on one with a body it is a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectError(res, 400);
  });

  it('bad UUID path parameter: 400', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/users/123/roles',
      headers: bearer(await t.adminToken()),
      payload: { roles: [] },
    });
    expectError(res, 400);
  });
});

describe('schemas compile on first use', () => {
  it('every route validator and serializer still compiles (forced here, not waiting for traffic)', async () => {
    const { compileDeferredSchemas } = await import('../../../src/kernel/lazy-schemas.js');
    expect(compileDeferredSchemas()).toBeGreaterThan(200);
    expect(compileDeferredSchemas()).toBe(0);
  });
});

describe('operations', () => {
  it('liveness and readiness', async () => {
    expect((await t.app.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks).toEqual({ database: 'up', redis: 'disabled' });
  });

  it("helmet's security headers on every answer, errors included; no HSTS over plain HTTP", async () => {
    for (const res of [
      await t.app.inject({ url: '/health' }),
      await t.app.inject({ url: '/api/v1/catalog/components' }),
      await t.app.inject({ url: '/nope' }),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('request ids: generated, or taken from X-Request-Id', async () => {
    const a = await t.app.inject({ url: '/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const b = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'trace-123' } });
    expect(b.headers['x-request-id']).toBe('trace-123');
  });

  it('security headers and CORS from ALLOWED_ORIGINS', async () => {
    const res = await t.app.inject({ url: '/health', headers: { origin: 'https://portal.example.test' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBe('https://portal.example.test');
    const other = await t.app.inject({ url: '/health', headers: { origin: 'https://evil.example.test' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('Prometheus metrics with route labels and queue depths', async () => {
    await t.app.inject({ url: '/health' });
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/health",status_code="200"\} \d+/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('# TYPE queue_jobs gauge');
  });

  it('OpenAPI document lists every /api/v1 route with schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/v1/auth/register');
    expect(paths).toContain('/api/v1/auth/users/{id}/roles');
    expect(doc.paths['/api/v1/auth/login'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/v1/auth/users'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.schemas.User).toBeDefined();
    // Every registered /api/v1 route appears in the document, with its method.
    const tree = t.app.printRoutes({ commonPrefix: false });
    // Under the portal's `/` route (web/dist built) the tree prints the paths without their leading slash.
    const routes = [...tree.matchAll(/── \/?(api\/v1\/\S*) \(([A-Z, ]+)\)/g)].flatMap(([, url, methods]) =>
      methods!
        .split(', ')
        .filter((m) => m !== 'HEAD')
        .map((m) => ['/' + url!.replace(/:(\w+)/g, '{$1}'), m.toLowerCase()] as const),
    );
    expect(routes.length).toBeGreaterThan(3);
    for (const [url, method] of routes) expect(doc.paths[url]?.[method], `${method} ${url}`).toBeDefined();
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/html/);
  });
});
