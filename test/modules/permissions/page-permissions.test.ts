import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestDatabase, uniq, type TestApp } from '../../helpers/app.js';

/**
 * The catalog page's `permissions` (decisions 954, 958, 1140, 1141): decided from the caller's
 * compiled view, read beside the page; `permissions=false` answers the same page without them.
 */
let t: TestApp;
let admin: string;
let maintainer: string;
let ours: string;
let theirs: string;
const queries: string[] = [];

const get = (token: string, url: string) => t.app.inject({ url, headers: bearer(token) });
const post = async (url: string, payload?: object) => {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { id: string };
};

beforeAll(async () => {
  t = await buildTestApp({}, await createTestDatabase(undefined, { onQuery: (q) => queries.push(q) }));
  admin = await t.adminToken();
  const user = await t.newUser('page-perm-maintainer');
  maintainer = user.token;
  const team = await post('/api/v1/teams', { name: uniq('page-perm'), type: 'dev' });
  await post(`/api/v1/teams/${team.id}/members/${user.id}`, { role: 'maintainer' });
  ours = (await post('/api/v1/catalog/components', { name: uniq('pp-a'), kind: 'service', teamId: team.id })).id;
  theirs = (await post('/api/v1/catalog/components', { name: uniq('pp-b'), kind: 'service', owner: uniq('nobody') }))
    .id;
});
afterAll(() => t?.close());

describe('permissions on the catalog page', () => {
  const byId = (res: { json(): { data: { id: string; permissions?: object }[] } }) =>
    new Map(res.json().data.map((c) => [c.id, c.permissions]));

  it('a maintainer gets its rights per row; the same page again costs no membership query', async () => {
    const url = '/api/v1/catalog/components?q=pp&take=50';
    const first = await get(maintainer, url);
    expect(first.statusCode).toBe(200);
    expect(byId(first).get(ours)).toEqual({ update: true, delete: true });
    expect(byId(first).get(theirs)).toEqual({ update: false, delete: false });
    queries.length = 0;
    const again = await get(maintainer, url);
    expect(again.body).toBe(first.body);
    expect(queries.filter((q) => q.includes('"team_members" tm'))).toEqual([]);
  });

  it('permissions=false answers the same rows without them, for anyone', async () => {
    for (const token of [maintainer, admin]) {
      const withThem = await get(token, '/api/v1/catalog/components?q=pp&take=50');
      const without = await get(token, '/api/v1/catalog/components?q=pp&take=50&permissions=false');
      expect(without.statusCode).toBe(200);
      expect(without.json().data.some((c: object) => 'permissions' in c)).toBe(false);
      const strip = (data: { permissions?: object }[]) => data.map(({ permissions: _p, ...c }) => c);
      expect(without.json().data).toEqual(strip(withThem.json().data));
      expect(without.json().total).toBe(withThem.json().total);
    }
  });

  it('the facets take no permissions parameter (400, as any unknown filter)', async () => {
    expect((await get(maintainer, '/api/v1/catalog/facets?permissions=false')).statusCode).toBe(400);
  });
});
