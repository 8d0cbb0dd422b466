import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SearchConfig } from '../../../src/config/search.js';
import { organizations } from '../../../src/db/schema/index.js';
import { FakeSearchClusters } from '../../fakes/ports/search-cluster.fake.js';
import { systemCaller } from '../../../src/kernel/caller.js';
import { createSearchIndicesService, type SearchClusterPort } from '../../../src/modules/search-indices/index.js';
import { createTestDatabase, uniq } from '../../helpers/app.js';
import { insertComponent } from '../../helpers/rows.js';

/** The search-indices service over the in-memory clusters (no HTTP), on a database of its own. */
let db: Awaited<ReturnType<typeof createTestDatabase>>;

const GLOBAL = 'http://es.example.com:9200';
const TEAM = 'http://es-team.example.com:9200';
const DOWN = 'http://es-down.example.com:9200';
const MISSING = '00000000-0000-4000-8000-000000000000';

const caller = systemCaller();
const user = { ...caller, actor: { ...caller.actor, kind: 'user' as const, isAdmin: false, roles: ['user'] } };
const config: SearchConfig = {
  url: GLOBAL,
  username: 'elastic',
  password: 'pw',
  apiKey: undefined,
  urlAllowlist: [],
  allowInternalUrls: true,
};

const clusters = new FakeSearchClusters();
clusters.clusters.set(GLOBAL, [
  { index: 'logs-2024.01', health: 'green', status: 'open', docsCount: 1000, storeBytes: 1024 * 1024 },
  { index: 'logs-2024.02', health: 'yellow', status: 'open', docsCount: 500, storeBytes: 256 * 1024 },
  { index: 'orders', health: 'green', status: 'close', docsCount: 3, storeBytes: 900 },
]);
clusters.clusters.set(TEAM, [{ index: 'metrics-a', health: 'red', status: 'open', docsCount: 7, storeBytes: 2048 }]);
// DOWN is not in the map: the fake answers Unavailable, as an unreachable cluster.
// Spied on through the port's type, so calls show the third argument (`{credentials}`) the fake ignores.
const port: SearchClusterPort = clusters;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const component = (name = uniq('svc')) => insertComponent(db.handle.db, { name });

describe('search indices service over FakeSearchClusters', () => {
  const service = () => createSearchIndicesService({ db: db.handle.db, cluster: clusters, config });

  it('create, list (oldest first) and remove links; 404 for an unknown component or link', async () => {
    const s = service();
    const c = await component();
    const a = await s.create(user, c.id, { indexPattern: ' logs-* ', description: 'app logs' });
    expect(a).toEqual({
      id: expect.any(String),
      indexPattern: 'logs-*',
      searchUrl: null,
      description: 'app logs',
      componentId: c.id,
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    const b = await s.create(user, c.id, { indexPattern: 'metrics-*', searchUrl: ` ${TEAM} ` });
    expect(b.searchUrl).toBe(TEAM);
    expect((await s.list(user, c.id)).map((l) => l.id)).toEqual([a.id, b.id]);

    await s.remove(user, c.id, a.id);
    expect((await s.list(user, c.id)).map((l) => l.id)).toEqual([b.id]);
    await expect(s.remove(user, c.id, a.id)).rejects.toMatchObject({
      statusCode: 404,
      message: 'Search index link not found',
    });
    await expect(s.list(user, MISSING)).rejects.toMatchObject({ statusCode: 404, message: 'Component not found' });
    await expect(s.create(user, MISSING, { indexPattern: 'x' })).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.stats(user, MISSING)).rejects.toMatchObject({ statusCode: 404 });
    await expect(s.create(user, c.id, { indexPattern: 'x', searchUrl: 'ftp://es.example.com' })).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('stats: sums per pattern, worst health, own cluster, unreachable cluster and an empty match', async () => {
    const s = service();
    const c = await component();
    const logs = await s.create(caller, c.id, { indexPattern: 'logs-*' });
    const metrics = await s.create(caller, c.id, { indexPattern: 'metrics-*', searchUrl: TEAM });
    const down = await s.create(caller, c.id, { indexPattern: 'x', searchUrl: DOWN });
    const none = await s.create(caller, c.id, { indexPattern: 'does-not-exist' });

    expect(await s.stats(user, c.id)).toEqual([
      {
        indexId: logs.id,
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
        indexId: metrics.id,
        indexPattern: 'metrics-*',
        searchUrl: TEAM,
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
      // Unreachable: no stats at all, never made-up zeros.
      { indexId: down.id, indexPattern: 'x', searchUrl: DOWN, reachable: false },
      {
        indexId: none.id,
        indexPattern: 'does-not-exist',
        searchUrl: null,
        reachable: true,
        stats: {
          pattern: 'does-not-exist',
          index: '',
          docsCount: 0,
          storeSize: '0b',
          health: 'unknown',
          status: 'missing',
        },
      },
    ]);
  });

  it('one call per cluster for plain patterns; exclusions asked alone; credentials only for the global cluster', async () => {
    const s = service();
    const c = await component();
    await s.create(caller, c.id, { indexPattern: 'logs-*' });
    await s.create(caller, c.id, { indexPattern: 'orders' });
    const excl = await s.create(caller, c.id, { indexPattern: 'logs-*,-logs-2024.01' });
    await s.create(caller, c.id, { indexPattern: 'metrics-*', searchUrl: TEAM });
    const spy = vi.spyOn(port, 'catIndices');
    try {
      const stats = await s.stats(caller, c.id);
      expect(stats.find((e) => e.indexId === excl.id)!.stats).toMatchObject({
        index: 'logs-2024.02',
        docsCount: 500,
        health: 'yellow',
      });
      expect(stats.find((e) => e.indexPattern === 'orders')!.stats).toMatchObject({
        index: 'orders',
        docsCount: 3,
        storeSize: '900b',
        status: 'close',
      });
      // With the exclusion in the shared call, `logs-*` would have lost logs-2024.01.
      expect(stats.find((e) => e.indexPattern === 'logs-*')!.stats).toMatchObject({
        index: 'logs-2024.01,logs-2024.02',
        docsCount: 1500,
      });
      const calls = spy.mock.calls.map(([url, patterns, opts]) => ({ url, patterns, opts }));
      expect(calls).toHaveLength(3);
      expect(calls).toEqual(
        expect.arrayContaining([
          { url: GLOBAL, patterns: ['logs-*', 'orders'], opts: { credentials: true } },
          { url: GLOBAL, patterns: ['logs-*,-logs-2024.01'], opts: { credentials: true } },
          { url: TEAM, patterns: ['metrics-*'], opts: { credentials: false } },
        ]),
      );
    } finally {
      spy.mockRestore();
    }
  });

  it('a shared call answered null (a concrete index missing) falls back to one call per pattern', async () => {
    // FakeSearchClusters never answers null: the 404 answer of the port is stood in for once.
    const s = service();
    const c = await component();
    await s.create(caller, c.id, { indexPattern: 'orders' });
    await s.create(caller, c.id, { indexPattern: 'gone' });
    const spy = vi.spyOn(port, 'catIndices').mockResolvedValueOnce(null);
    try {
      const stats = await s.stats(caller, c.id);
      expect(stats.map((e) => [e.indexPattern, e.reachable, e.stats?.index])).toEqual([
        ['orders', true, 'orders'],
        ['gone', true, ''],
      ]);
      expect(spy.mock.calls.map(([, patterns]) => patterns)).toEqual([['orders', 'gone'], ['orders'], ['gone']]);
    } finally {
      spy.mockRestore();
    }
  });

  it('without SEARCH_URL, links without their own URL are reachable: false and no cluster is asked', async () => {
    const s = createSearchIndicesService({
      db: db.handle.db,
      cluster: clusters,
      config: { ...config, url: undefined },
    });
    const c = await component();
    const link = await s.create(caller, c.id, { indexPattern: 'logs-*' });
    const own = await s.create(caller, c.id, { indexPattern: 'metrics-*', searchUrl: TEAM });
    const spy = vi.spyOn(port, 'catIndices');
    try {
      const stats = await s.stats(caller, c.id);
      expect(stats[0]).toEqual({ indexId: link.id, indexPattern: 'logs-*', searchUrl: null, reachable: false });
      expect(stats[1]).toMatchObject({ indexId: own.id, reachable: true, stats: { docsCount: 7 } });
      // Not the global cluster: our credentials never go there.
      expect(spy.mock.calls.map(([url, , opts]) => [url, opts])).toEqual([[TEAM, { credentials: false }]]);
    } finally {
      spy.mockRestore();
    }
  });

  it('a link whose host is no longer allowed is reachable: false without a request', async () => {
    const c = await component();
    const link = await service().create(caller, c.id, { indexPattern: 'metrics-*', searchUrl: TEAM });
    const strict = createSearchIndicesService({
      db: db.handle.db,
      cluster: clusters,
      config: { ...config, urlAllowlist: ['es-allowed.example.com'], allowInternalUrls: false },
    });
    const spy = vi.spyOn(port, 'catIndices');
    try {
      expect(await strict.stats(caller, c.id)).toEqual([
        { indexId: link.id, indexPattern: 'metrics-*', searchUrl: TEAM, reachable: false },
      ]);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('overview: links grouped by component name, limited to the caller organization when given', async () => {
    const s = service();
    const [org] = await db.handle.db
      .insert(organizations)
      .values({ name: 'Search Org', slug: uniq('org') })
      .returning();
    const inOrg = systemCaller({ organizationId: org!.id });
    const b = await component(uniq('zz-b'));
    const a = await component(uniq('zz-a'));
    const la = await s.create(inOrg, a.id, { indexPattern: 'orders' });
    const lb = await s.create(inOrg, b.id, { indexPattern: 'metrics-*', searchUrl: TEAM });
    const lb2 = await s.create(inOrg, b.id, { indexPattern: 'x', searchUrl: DOWN });
    const outside = await s.create(caller, a.id, { indexPattern: 'logs-*' });

    expect(await s.overview(inOrg)).toEqual([
      {
        componentId: a.id,
        componentName: a.name,
        indices: [
          expect.objectContaining({
            indexId: la.id,
            reachable: true,
            stats: expect.objectContaining({ index: 'orders' }),
          }),
        ],
      },
      {
        componentId: b.id,
        componentName: b.name,
        indices: [
          expect.objectContaining({
            indexId: lb.id,
            reachable: true,
            stats: expect.objectContaining({ index: 'metrics-a' }),
          }),
          { indexId: lb2.id, indexPattern: 'x', searchUrl: DOWN, reachable: false },
        ],
      },
    ]);
    // Without an organization: every link, this one included.
    const all = await s.overview(caller);
    expect(all.find((g) => g.componentId === a.id)!.indices.map((i) => i.indexId)).toEqual([la.id, outside.id]);
    const names = all.map((g) => g.componentName);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
  });
});
