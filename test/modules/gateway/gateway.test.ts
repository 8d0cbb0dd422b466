import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { createComponent } from '../../fakes/components.js';
import { startFakeApiGateway } from '../../fakes/apigateway-server.js';
import { startFakeServer, type FakeServer } from '../../fakes/http-server.js';
import { startFakeKong, type KongRouteFixture } from '../../fakes/kong-server.js';

let t: TestApp;
let none: TestApp;
let token: string;
let kong: FakeServer;
let proxy: FakeServer;
let aws: FakeServer;
const MISSING = '00000000-0000-4000-8000-000000000000';
const kongState: { routes: KongRouteFixture[]; services: { id: string; name: string }[] } = {
  routes: [
    { id: 'k-orders', name: 'orders', paths: ['/orders'], methods: ['GET'], tags: ['shop'], service: { id: 's1' } },
    { id: 'k-slow', name: 'slow', paths: ['/slow'], methods: ['GET'], tags: [], service: { id: 's1' } },
    { id: 'k-broken', name: 'broken', paths: ['/broken'], methods: null, tags: [], service: { id: 's1' } },
  ],
  services: [{ id: 's1', name: 'shop' }],
};

beforeAll(async () => {
  kong = await startFakeKong(kongState, { token: 'admin-token' });
  proxy = await startFakeServer(async (req) => {
    if (req.url.pathname === '/slow') await new Promise((r) => setTimeout(r, 400));
    return { status: req.url.pathname === '/broken' ? 503 : 200, body: {} };
  });
  aws = await startFakeApiGateway([
    { id: 'api1', name: 'billing', stages: ['prod'], resources: [{ id: 'res1', path: '/invoices', methods: ['GET'] }] },
  ]);
  t = await buildTestApp({
    GATEWAY_ALPHA_ENABLED: 'true',
    GATEWAY_ALPHA_URL: kong.url,
    GATEWAY_ALPHA_API_KEY: 'admin-token',
    GATEWAY_ALPHA_PROXY_URL: proxy.url,
    GATEWAY_BETA_ENABLED: 'true',
    GATEWAY_BETA_REGION: 'eu-central-1',
    GATEWAY_BETA_ACCESS_KEY_ID: 'AKIAFAKE',
    GATEWAY_BETA_SECRET_ACCESS_KEY: 'secret',
    AWS_ENDPOINT_URL_API_GATEWAY: aws.url,
    GATEWAY_HEALTH_DEGRADED_MS: '250',
  });
  none = await buildTestApp();
  token = (await t.newUser('gw')).token;
});
afterAll(async () => {
  await t.close();
  await none.close();
  await Promise.all([kong.close(), proxy.close(), aws.close()]);
});

const req = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, app = t, tok = token) =>
  app.app.inject({ method, url, headers: bearer(tok), ...(payload ? { payload } : {}) });

describe('gateway', () => {
  it('sync upserts routes of both gateways; list, filter, paginate, get', async () => {
    const sync = await req('POST', '/api/v1/gateway/sync');
    expect(sync.statusCode).toBe(200);
    expect(sync.json()).toEqual({ synced: 4, errors: [] });
    expect((await req('POST', '/api/v1/gateway/sync')).json()).toEqual({ synced: 4, errors: [] });

    const all = await req('GET', '/api/v1/gateway/routes');
    expect(all.json()).toMatchObject({ total: 4, page: 1, limit: 20 });
    const beta = (await req('GET', '/api/v1/gateway/routes?gatewayType=beta')).json();
    expect(beta.data).toEqual([
      {
        id: expect.any(String),
        externalId: 'api1:res1',
        name: 'billing /invoices',
        paths: ['/invoices'],
        methods: ['GET'],
        tags: [],
        gatewayType: 'beta',
        syncedAt: expect.any(String),
        componentId: null,
        stale: false,
        staleSince: null,
      },
    ]);
    const page2 = (await req('GET', '/api/v1/gateway/routes?gatewayType=alpha&page=2&limit=2')).json();
    expect(page2).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(page2.data).toHaveLength(1);
    expect((await req('GET', `/api/v1/gateway/routes/${beta.data[0].id}`)).json().externalId).toBe('api1:res1');
    expectError(await req('GET', `/api/v1/gateway/routes/${MISSING}`), 404);
    expectError(await req('GET', '/api/v1/gateway/routes?limit=101'), 400);
    expectError(await req('GET', '/api/v1/gateway/routes?gatewayType=gamma'), 400);
  });

  it('a route missing from a sync becomes stale, and is cleared when it returns', async () => {
    const removed = kongState.routes.pop()!;
    await req('POST', '/api/v1/gateway/sync');
    const stale = (await req('GET', '/api/v1/gateway/routes?stale=true')).json();
    expect(stale.data).toEqual([
      expect.objectContaining({ externalId: 'k-broken', stale: true, staleSince: expect.any(String) }),
    ]);
    expect((await req('GET', '/api/v1/gateway/routes?stale=false')).json().total).toBe(3);
    kongState.routes.push(removed);
    await req('POST', '/api/v1/gateway/sync');
    expect((await req('GET', '/api/v1/gateway/routes?stale=true')).json().total).toBe(0);
  });

  it('links a route to a component only through PATCH; sync keeps the link', async () => {
    const c = await createComponent(t);
    const route = (await req('GET', '/api/v1/gateway/routes?gatewayType=beta')).json().data[0];
    const patched = await req('PATCH', `/api/v1/gateway/routes/${route.id}`, { componentId: c.id });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id: route.id, componentId: c.id });
    await req('POST', '/api/v1/gateway/sync');
    expect(
      (await req('GET', `/api/v1/gateway/routes?componentId=${c.id}`)).json().data.map((r: { id: string }) => r.id),
    ).toEqual([route.id]);
    expectError(await req('PATCH', `/api/v1/gateway/routes/${route.id}`, { componentId: MISSING }), 404);
    expectError(await req('PATCH', `/api/v1/gateway/routes/${MISSING}`, { componentId: c.id }), 404);
    expectError(await req('PATCH', `/api/v1/gateway/routes/${route.id}`, { componentId: 'x' }), 400);
  });

  it('health check probes: up, degraded above the threshold, down on 5xx or no answer', async () => {
    const res = await req('POST', '/api/v1/gateway/health/check');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ checked: 4, up: 2, degraded: 1, down: 1 });
    const health = (await req('GET', '/api/v1/gateway/health')).json().data;
    expect(health).toHaveLength(4);
    const routes = (await req('GET', '/api/v1/gateway/routes')).json().data as { id: string; name: string }[];
    const byName = Object.fromEntries(
      routes.map((r) => [r.name, health.find((h: { routeId: string }) => h.routeId === r.id)]),
    );
    expect(byName.orders).toEqual({
      id: expect.any(String),
      routeId: expect.any(String),
      status: 'up',
      latencyMs: expect.any(Number),
      checkedAt: expect.any(String),
    });
    expect(byName.slow.status).toBe('degraded');
    expect(byName.broken.status).toBe('down');
    expect(byName['billing /invoices'].status).toBe('up');
  });

  it('a failing gateway is reported in errors and its routes are not marked stale', async () => {
    await kong.close();
    const sync = (await req('POST', '/api/v1/gateway/sync')).json();
    expect(sync.synced).toBe(1);
    expect(sync.errors).toEqual([{ gatewayType: 'alpha', message: expect.stringContaining('Kong') }]);
    expect((await req('GET', '/api/v1/gateway/routes?stale=true')).json().total).toBe(0);
  });

  it('inactive without adapters: empty answers; 401 without a token', async () => {
    const tok = await none.adminToken();
    expect((await req('POST', '/api/v1/gateway/sync', undefined, none, tok)).json()).toEqual({ synced: 0, errors: [] });
    expect((await req('GET', '/api/v1/gateway/routes', undefined, none, tok)).json()).toEqual({
      data: [],
      total: 0,
      page: 1,
      limit: 20,
    });
    expect((await req('GET', '/api/v1/gateway/health', undefined, none, tok)).json()).toEqual({ data: [] });
    expect((await req('POST', '/api/v1/gateway/health/check', undefined, none, tok)).json()).toEqual({
      checked: 0,
      up: 0,
      degraded: 0,
      down: 0,
    });
    expectError(await t.app.inject({ url: '/api/v1/gateway/routes' }), 401);
  });
});
