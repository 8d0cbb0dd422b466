import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import { compactFacetCounts } from '../../../src/modules/catalog/catalog.facet-counts.js';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let user: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = bearer(await t.adminToken());
  user = bearer((await t.newUser('facets')).token);
  const rows = [
    {
      name: 'pay-api',
      kind: 'api',
      owner: 'payments',
      lifecycle: 'production',
      tags: ['java', 'pci'],
      type: 'openapi',
    },
    { name: 'pay-svc', kind: 'service', owner: 'payments', lifecycle: 'production', tags: ['java'] },
    { name: 'pay-db', kind: 'database', owner: 'payments', lifecycle: 'experimental', tags: ['pci'] },
    {
      name: 'search-svc',
      kind: 'service',
      owner: 'discovery',
      lifecycle: 'production',
      tags: ['go'],
      namespace: 'search',
    },
    {
      name: 'search-web',
      kind: 'website',
      owner: 'discovery',
      lifecycle: 'deprecated',
      tags: ['go', 'react'],
      namespace: 'search',
    },
  ];
  for (const payload of rows) {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/catalog/components', headers: admin, payload });
    expect(res.statusCode, res.body).toBe(201);
  }
  // `system` comes from descriptors only (the JSON API has no such field).
  await t.database.db
    .update(components)
    .set({ system: 'checkout' })
    .where(inArray(components.name, ['pay-api', 'pay-svc']));
});
afterAll(() => t.close());

const facets = async (query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/catalog/facets${query ? `?${query}` : ''}`,
    headers: user,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { total: number; facets: Record<string, { value: string; count: number }[]> };
};

describe('GET /api/v1/catalog/facets', () => {
  it('counts every facet over the whole catalog, most frequent first', async () => {
    const { total, facets: f } = await facets();
    expect(total).toBe(5);
    expect(f.kind).toEqual([
      { value: 'service', count: 2 },
      { value: 'api', count: 1 },
      { value: 'database', count: 1 },
      { value: 'website', count: 1 },
    ]);
    expect(f.owner).toEqual([
      { value: 'group:default/payments', count: 3 },
      { value: 'group:search/discovery', count: 2 },
    ]);
    expect(f.lifecycle).toEqual([
      { value: 'production', count: 3 },
      { value: 'deprecated', count: 1 },
      { value: 'experimental', count: 1 },
    ]);
    expect(f.tag).toEqual([
      { value: 'go', count: 2 },
      { value: 'java', count: 2 },
      { value: 'pci', count: 2 },
      { value: 'react', count: 1 },
    ]);
    expect(f.system).toEqual([{ value: 'system:default/checkout', count: 2 }]);
    expect(f.namespace).toEqual([
      { value: 'default', count: 3 },
      { value: 'search', count: 2 },
    ]);
    expect(f.type).toEqual([{ value: 'openapi', count: 1 }]);
    expect(f.entityKind).toEqual(expect.arrayContaining([{ value: 'Component', count: expect.any(Number) }]));
  });

  it('counts each facet with the other filters, not its own', async () => {
    const { total, facets: f } = await facets('lifecycle=production');
    expect(total).toBe(3);
    // The lifecycle facet still offers the other lifecycles...
    expect(f.lifecycle.map((v) => v.value)).toEqual(['production', 'deprecated', 'experimental']);
    // ...while the others count production components only.
    expect(f.kind).toEqual([
      { value: 'service', count: 2 },
      { value: 'api', count: 1 },
    ]);
    expect(f.tag).toEqual([
      { value: 'java', count: 2 },
      { value: 'go', count: 1 },
      { value: 'pci', count: 1 },
    ]);

    const both = await facets('lifecycle=production&owner=payments&tag=java');
    expect(both.total).toBe(2);
    expect(both.facets.owner).toEqual([{ value: 'group:default/payments', count: 2 }]);
    expect(both.facets.tag).toEqual([
      { value: 'java', count: 2 },
      { value: 'pci', count: 1 },
    ]);
    expect(both.facets.lifecycle).toEqual([{ value: 'production', count: 2 }]);
  });

  it('takes the list filters: search, kind group, namespace, system, orphan', async () => {
    expect((await facets('q=pay')).total).toBe(3);
    expect((await facets('kindGroup=infra')).total).toBe(1);
    expect((await facets('namespace=search')).facets.kind.map((v) => v.value)).toEqual(['service', 'website']);
    expect((await facets('system=checkout')).total).toBe(2);
    expect((await facets('orphan=true')).total).toBe(0);
    const none = await facets('kindGroup=data&kind=service');
    expect(none.total).toBe(0);
    expect(none.facets.namespace).toEqual([]);
  });

  it('sees catalog writes at once (the cache is dropped)', async () => {
    const before = (await facets('owner=group:search/discovery')).total;
    const admin = bearer(await t.adminToken());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/components',
      headers: admin,
      payload: { name: 'search-indexer', kind: 'service', owner: 'discovery', namespace: 'search' },
    });
    expect(res.statusCode).toBe(201);
    expect((await facets('owner=group:search/discovery')).total).toBe(before + 1);
  });

  it('refuses bad input with 400 and anonymous callers with 401', async () => {
    for (const query of [
      'kind=spaceship',
      'entityKind=Planet',
      'orphan=maybe',
      'teamId=nope',
      'take=10',
      'sorting=name',
      'q=',
      `q=${'x'.repeat(201)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/catalog/facets?${query}`, headers: user });
      expectError(res, 400);
    }
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/catalog/facets' }), 401);
  });
});

describe('the pre-aggregated facet counts (decision 181)', () => {
  const COLUMNS = 'kind, entity_kind, type, owner_ref, lifecycle, system_ref, namespace, orphan, team_id, tags';
  const rowsOf = async <T>(query: string) => (await t.database.db.execute(sql.raw(query))) as unknown as { rows: T[] };
  /** Each combination's count, from the components themselves and from the counts table. */
  const truth = async () =>
    (
      await rowsOf<{ k: string }>(
        `SELECT row(${COLUMNS}, count(*))::text AS k FROM components GROUP BY ${COLUMNS} ORDER BY 1`,
      )
    ).rows.map((r) => r.k);
  const counted = async () =>
    (
      await rowsOf<{ k: string }>(
        `SELECT row(${COLUMNS}, sum(n))::text AS k FROM catalog_facet_counts GROUP BY ${COLUMNS} HAVING sum(n) <> 0 ORDER BY 1`,
      )
    ).rows.map((r) => r.k);

  it('follow inserts, updates and deletes by any path, and keep their totals when folded', async () => {
    await t.database.db
      .update(components)
      .set({ lifecycle: 'deprecated', tags: ['go', 'legacy'] })
      .where(inArray(components.name, ['pay-svc']));
    await t.database.db.update(components).set({ description: 'no filtered column changes' });
    await t.database.db.delete(components).where(inArray(components.name, ['pay-db']));
    expect(await counted()).toEqual(await truth());
    expect((await facets('lifecycle=deprecated')).facets.tag).toContainEqual({ value: 'legacy', count: 1 });
    const rows = async () =>
      Number((await rowsOf<{ n: number }>('SELECT count(*)::int AS n FROM catalog_facet_counts')).rows[0]!.n);
    const before = await rows();
    // Small tables are folded only past a margin; fold unconditionally here by adding churn first.
    for (let i = 0; i < 60; i++)
      await t.database.db
        .update(components)
        .set({ orphan: i % 2 === 0 })
        .where(inArray(components.name, ['pay-api']));
    expect(await rows()).toBeGreaterThan(before + 100);
    expect(await compactFacetCounts(t.database.db)).toBeDefined();
    expect(await rows()).toBeLessThanOrEqual(before);
    expect(await counted()).toEqual(await truth());
    expect(await compactFacetCounts(t.database.db)).toBeUndefined(); // nothing left to fold
  });
});
