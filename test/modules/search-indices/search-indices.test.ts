import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';
import { createComponent } from '../../fakes/components.js';
import { startFakeElasticsearch } from '../../fakes/elasticsearch-server.js';

let t: TestApp;
let strict: TestApp;
let admin: string;
let user: string;
let global: Awaited<ReturnType<typeof startFakeElasticsearch>>;
let own: Awaited<ReturnType<typeof startFakeElasticsearch>>;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  const auth = `Basic ${Buffer.from('elastic:pw').toString('base64')}`;
  global = await startFakeElasticsearch(
    [
      { index: 'logs-2024.01', health: 'green', docs: 1000, bytes: 1024 * 1024 },
      { index: 'logs-2024.02', health: 'yellow', docs: 500, bytes: 256 * 1024 },
      { index: 'orders', health: 'green', docs: 3, bytes: 900 },
    ],
    auth,
  );
  own = await startFakeElasticsearch([{ index: 'metrics-a', health: 'red', docs: 7, bytes: 2048 }]);
  t = await buildTestApp({ SEARCH_URL: global.url, SEARCH_USERNAME: 'elastic', SEARCH_PASSWORD: 'pw' });
  strict = await buildTestApp({ SEARCH_URL_ALLOWLIST: 'search.example.com', SEARCH_ALLOW_INTERNAL_URLS: 'false' });
  admin = await t.adminToken();
  user = (await t.newUser('srch')).token;
});
afterAll(async () => {
  await t.close();
  await strict.close();
  await global.close();
  await own.close();
});

const base = (id: string) => `/api/v1/components/${id}/searchengine-indices`;
const post = (id: string, payload: object, tok = user, headers: Record<string, string> = {}, app = t) =>
  app.app.inject({ method: 'POST', url: base(id), headers: { ...bearer(tok), ...headers }, payload });
const get = (url: string, tok = user, headers: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...bearer(tok), ...headers } });

describe('search index links', () => {
  it('create (201), list, stats summed over a pattern, unreachable cluster, delete (204)', async () => {
    const c = await createComponent(t);
    const a = await post(c.id, { indexPattern: 'logs-*', description: 'app logs' });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toEqual({
      id: expect.any(String),
      indexPattern: 'logs-*',
      searchUrl: null,
      description: 'app logs',
      componentId: c.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const b = await post(c.id, { indexPattern: 'metrics-*', searchUrl: own.url });
    expect(b.json().searchUrl).toBe(own.url);
    const d = await post(c.id, { indexPattern: 'x', searchUrl: 'http://127.0.0.1:1' });
    const missing = await post(c.id, { indexPattern: 'does-not-exist' });
    expect((await get(base(c.id))).json()).toHaveLength(4);

    const stats = await get(`${base(c.id)}/stats`);
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual([
      {
        indexId: a.json().id,
        indexPattern: 'logs-*',
        searchUrl: null,
        reachable: true,
        stats: {
          pattern: 'logs-*',
          index: 'logs-2024.01,logs-2024.02',
          docsCount: 1500,
          storeSize: '1.3mb',
          health: 'yellow',
          status: 'open',
        },
      },
      {
        indexId: b.json().id,
        indexPattern: 'metrics-*',
        searchUrl: own.url,
        reachable: true,
        stats: {
          pattern: 'metrics-*',
          index: 'metrics-a',
          docsCount: 7,
          storeSize: '2kb',
          health: 'red',
          status: 'open',
        },
      },
      { indexId: d.json().id, indexPattern: 'x', searchUrl: 'http://127.0.0.1:1', reachable: false },
      {
        indexId: missing.json().id,
        indexPattern: 'does-not-exist',
        searchUrl: null,
        reachable: true,
        stats: expect.objectContaining({ docsCount: 0, index: '' }),
      },
    ]);
    // The global cluster's credentials never go to a link's own cluster.
    expect(own.requests.every((r) => r.headers.authorization === undefined)).toBe(true);

    const del = await t.app.inject({ method: 'DELETE', url: `${base(c.id)}/${d.json().id}`, headers: bearer(user) });
    expect(del.statusCode).toBe(204);
    expectError(
      await t.app.inject({ method: 'DELETE', url: `${base(c.id)}/${d.json().id}`, headers: bearer(user) }),
      404,
    );
    expect((await get(base(c.id))).json()).toHaveLength(3);
  });

  it("one link's exclusion never removes another link's indices from its stats", async () => {
    const c = await createComponent(t);
    const one = (await post(c.id, { indexPattern: 'logs-2024.02' })).json();
    const two = (await post(c.id, { indexPattern: 'logs-*,-logs-2024.02' })).json();
    const stats = (await get(`${base(c.id)}/stats`)).json() as {
      indexId: string;
      stats: { index: string; docsCount: number };
    }[];
    expect(stats.find((e) => e.indexId === one.id)!.stats).toMatchObject({ index: 'logs-2024.02', docsCount: 500 });
    expect(stats.find((e) => e.indexId === two.id)!.stats).toMatchObject({ index: 'logs-2024.01', docsCount: 1000 });
  });

  it('validation: 400 and 404', async () => {
    const c = await createComponent(t);
    expectError(await post(c.id, {}), 400);
    expectError(await post(c.id, { indexPattern: 'x'.repeat(256) }), 400);
    expectError(await post(c.id, { indexPattern: 'ok', description: 'd'.repeat(1001) }), 400);
    expectError(await post(c.id, { indexPattern: 'ok', searchUrl: 'ftp://es' }), 400);
    expectError(await post(c.id, { indexPattern: 'ok', searchUrl: 'not a url' }), 400);
    // The link answers the URL as it was given.
    const given = 'https://Search.Example.com:9200/';
    expect((await post(c.id, { indexPattern: 'ok', searchUrl: given })).json().searchUrl).toBe(given);
    expectError(await post(MISSING, { indexPattern: 'ok' }), 404);
    expectError(await get(base('bad-id')), 400);
    expectError(await get(base(MISSING)), 404);
    expectError(await get(`${base(MISSING)}/stats`), 404);
    expectError(await t.app.inject({ method: 'DELETE', url: `${base(c.id)}/${MISSING}`, headers: bearer(user) }), 404);
    expectError(await t.app.inject({ url: base(c.id) }), 401);
  });

  it('SEARCH_URL_ALLOWLIST and internal addresses', async () => {
    const c = await createComponent(strict);
    const tok = await strict.adminToken();
    expectError(await post(c.id, { indexPattern: 'a', searchUrl: 'https://evil.example.org' }, tok, {}, strict), 400);
    expectError(await post(c.id, { indexPattern: 'a', searchUrl: 'http://127.0.0.1:9200' }, tok, {}, strict), 400);
    expect(
      (await post(c.id, { indexPattern: 'a', searchUrl: 'https://search.example.com:9200' }, tok, {}, strict))
        .statusCode,
    ).toBe(201);
  });

  it('admin overview grouped by component, scoped by X-Organization-Id', async () => {
    expectError(await get('/api/v1/searchengine/indices'), 403);
    const org = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: bearer(admin),
      payload: { name: 'Search Org', slug: uniq('sorg') },
    });
    expect(org.statusCode).toBe(201);
    const orgId = org.json().id;
    const c1 = await createComponent(t, { name: uniq('aaa-org') });
    const c2 = await createComponent(t, { name: uniq('zzz-noorg') });
    await createComponent(t); // no links: omitted
    expect((await post(c1.id, { indexPattern: 'orders' }, admin, { 'x-organization-id': orgId })).statusCode).toBe(201);
    await post(c1.id, { indexPattern: 'logs-*' }, admin, { 'x-organization-id': orgId });
    await post(c2.id, { indexPattern: 'orders' }, admin);

    const before = global.requests.length;
    const scoped = await get('/api/v1/searchengine/indices', admin, { 'x-organization-id': orgId });
    // One _cat call per unique cluster (both links use the global one), not one per link.
    expect(global.requests.length - before).toBe(1);
    expect(scoped.statusCode).toBe(200);
    expect(scoped.json()).toEqual([
      {
        componentId: c1.id,
        componentName: c1.name,
        indices: [
          expect.objectContaining({
            indexPattern: 'orders',
            reachable: true,
            stats: expect.objectContaining({ index: 'orders', docsCount: 3, storeSize: '900b' }),
          }),
          expect.objectContaining({
            indexPattern: 'logs-*',
            reachable: true,
            stats: expect.objectContaining({ docsCount: 1500 }),
          }),
        ],
      },
    ]);
    const all = await get('/api/v1/searchengine/indices', admin);
    const ids = all.json().map((g: { componentId: string }) => g.componentId);
    expect(ids).toEqual(expect.arrayContaining([c1.id, c2.id]));
    expectError(await get('/api/v1/searchengine/indices', admin, { 'x-organization-id': 'nope' }), 400);
  });
});
