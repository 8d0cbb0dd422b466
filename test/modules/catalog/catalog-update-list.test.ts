import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError, uniq } from '../../helpers/app.js';
import { t, admin, base, patch, get, list, newTeam, created, useCatalogApp } from './catalog-setup.js';

useCatalogApp();

describe('update and delete', () => {
  it('updates any subset, nullable fields to null, including gitopsApp', async () => {
    const c = await created({ name: uniq('upd'), kind: 'service', description: 'd', gitopsApp: 'app-1', tags: ['a'] });
    const res = await patch(c.id, { gitopsApp: 'app-2', lifecycle: 'production' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ gitopsApp: 'app-2', lifecycle: 'production', description: 'd', tags: ['a'] });
    expect(new Date(res.json().updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(c.updatedAt).getTime());
    const cleared = (
      await patch(c.id, { gitopsApp: null, description: null, tags: [], annotations: { k: 'v' } })
    ).json();
    expect(cleared).toMatchObject({ gitopsApp: null, description: null, tags: [], annotations: { k: 'v' } });
    const renamed = (await patch(c.id, { name: `${c.name}-x`, kind: 'website' })).json();
    expect(renamed).toMatchObject({ name: `${c.name}-x`, kind: 'website' });
    expect((await patch(c.id, {})).json()).toEqual(renamed);
  });

  it('rejects bad values (400) and renames onto an existing name+kind (409)', async () => {
    const a = await created({ name: uniq('a'), kind: 'queue' });
    const b = await created({ name: uniq('b'), kind: 'queue' });
    expectError(await patch(b.id, { name: a.name }), 409);
    expect((await patch(b.id, { name: a.name, kind: 'pipeline' })).statusCode).toBe(200);
    expectError(await patch(b.id, { kind: 'queue' }), 409);
    for (const bad of [
      { kind: 'nope' },
      { lifecycle: 'gone' },
      { name: '' },
      { name: null },
      { kind: null },
      { tags: [true] },
      { annotations: { a: null } },
      { name: 'y'.repeat(101) },
    ]) {
      expectError(await patch(b.id, bad), 400);
    }
    expectError(await patch(b.id, undefined), 400);
  });

  it('deletes (204, no body), then 404', async () => {
    const c = await created({ name: uniq('del'), kind: 'secret' });
    const res = await t.app.inject({ method: 'DELETE', url: `${base}/${c.id}`, headers: admin });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await get(c.id), 404);
    expectError(await t.app.inject({ method: 'DELETE', url: `${base}/${c.id}`, headers: admin }), 404);
  });
});

describe('list', () => {
  let team: { id: string; name: string };
  const names: Record<string, string> = {};
  beforeAll(async () => {
    team = await newTeam();
    const prefix = uniq('ls');
    const defs: [string, string, string | null][] = [
      ['b-svc', 'service', team.name],
      ['a-db', 'database', team.name],
      ['c-queue', 'queue', null],
      ['d-model', 'ml-model', team.name],
      ['e-cert', 'certificate', null],
    ];
    for (const [n, kind, owner] of defs) names[n] = (await created({ name: `${prefix}-${n}`, kind, owner })).name;
  });

  it('pages sorted by name with the envelope; defaults skip 0 take 20', async () => {
    const res = await list('');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ skip: 0, take: 20 });
    expect(page.total).toBeGreaterThanOrEqual(5);
    const sorted = [...page.data.map((c: any) => c.name)].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0));
    expect(page.data.map((c: any) => c.name)).toEqual(sorted);
    for (const c of page.data)
      expect(Object.keys(c)).toEqual(
        expect.arrayContaining(['id', 'name', 'kind', 'owner', 'lifecycle', 'teamId', 'workloadStatus']),
      );
  });

  it('filters by teamId, by kindGroup, and both combined', async () => {
    const byTeam = (await list(`teamId=${team.id}&take=100`)).json();
    expect(byTeam.total).toBe(3);
    expect(byTeam.data.map((c: any) => c.name)).toEqual([names['a-db'], names['b-svc'], names['d-model']]);
    const infra = (await list('kindGroup=infra&take=100')).json();
    expect(
      infra.data.every((c: any) => ['pipeline', 'queue', 'database', 'storage', 'cluster', 'network'].includes(c.kind)),
    ).toBe(true);
    expect(infra.data.map((c: any) => c.name)).toEqual(expect.arrayContaining([names['a-db'], names['c-queue']]));
    const both = (await list(`kindGroup=infra&teamId=${team.id}`)).json();
    expect(both).toMatchObject({ total: 1, data: [{ name: names['a-db'] }] });
    expect((await list(`kindGroup=data&teamId=${team.id}`)).json().data.map((c: any) => c.name)).toEqual([
      names['d-model'],
    ]);
    expect((await list(`kindGroup=security&teamId=${team.id}`)).json()).toMatchObject({ total: 0, data: [] });
    expect((await list(`kindGroup=security`)).json().data.map((c: any) => c.name)).toContain(names['e-cert']);
    expect((await list(`teamId=${randomUUID()}`)).json()).toMatchObject({ total: 0, data: [] });
  });

  it('paginates with skip and take', async () => {
    const first = (await list(`teamId=${team.id}&take=2`)).json();
    expect(first).toMatchObject({ total: 3, skip: 0, take: 2 });
    expect(first.data).toHaveLength(2);
    const second = (await list(`teamId=${team.id}&take=2&skip=2`)).json();
    expect(second.data.map((c: any) => c.name)).toEqual([names['d-model']]);
    expect((await list(`teamId=${team.id}&skip=10`)).json()).toMatchObject({ total: 3, data: [] });
  });

  it.each(['kindGroup=ops', 'kindGroup=', 'teamId=abc', 'take=101', 'take=0', 'skip=-1', 'take=x'])(
    '400 for %s',
    async (q) => {
      expectError(await list(q), 400);
    },
  );
});

describe('cache', () => {
  it('a write is visible at once on the next GET (list and get)', async () => {
    const team = await newTeam();
    const q = `teamId=${team.id}`;
    expect((await list(q)).json().total).toBe(0);
    const c = await created({ name: uniq('cached'), kind: 'network', owner: team.name });
    expect((await list(q)).json().total).toBe(1);
    expect((await get(c.id)).json().description).toBeNull();
    await patch(c.id, { description: 'changed' });
    expect((await get(c.id)).json().description).toBe('changed');
    expect((await list(q)).json().data[0].description).toBe('changed');
    await t.app.inject({ method: 'DELETE', url: `${base}/${c.id}`, headers: admin });
    expectError(await get(c.id), 404);
    expect((await list(q)).json().total).toBe(0);
  });

  it('a cached page is answered byte for byte as JSON, and follows the next write', async () => {
    const team = await newTeam();
    const q = `teamId=${team.id}`;
    await created({ name: uniq('page'), kind: 'network', owner: team.name });
    const first = await list(q);
    const again = await list(q);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    expect(again.json()).toMatchObject({ total: 1, skip: 0, take: 20 });
    expect(Object.keys(again.json().data[0])).toEqual(Object.keys(first.json().data[0]));
    await created({ name: uniq('page'), kind: 'network', owner: team.name });
    const after = await list(q);
    expect(after.json().total).toBe(2);
    expect(after.json().data).toHaveLength(2);
  });

  it('serves repeated reads from the cache (a row changed behind its back stays hidden until a write)', async () => {
    const { components } = await import('../../../src/db/schema/index.js');
    const { eq } = await import('drizzle-orm');
    const c = await created({ name: uniq('behind'), kind: 'storage' });
    expect((await get(c.id)).json().description).toBeNull();
    await t.database.db.update(components).set({ description: 'direct' }).where(eq(components.id, c.id));
    expect((await get(c.id)).json().description).toBeNull();
    await created({ name: uniq('other'), kind: 'storage' });
    expect((await get(c.id)).json().description).toBe('direct');
  });
});
