import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let admin: Record<string, string>;
let user: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = bearer(await t.adminToken());
  user = bearer((await t.newUser('cat')).token);
});
afterAll(() => t.close());

const base = '/api/v1/catalog/components';
const create = (payload: object, headers = admin) => t.app.inject({ method: 'POST', url: base, payload, headers });
const patch = (id: string, payload: unknown, headers = admin) => t.app.inject({ method: 'PATCH', url: `${base}/${id}`, payload: payload as object, headers });
const get = (id: string, headers = user) => t.app.inject({ method: 'GET', url: `${base}/${id}`, headers });
const list = (query: string, headers = user) => t.app.inject({ method: 'GET', url: `${base}?${query}`, headers });

async function newTeam(name = uniq('team')) {
  const [row] = await t.database.db.insert(teams).values({ name, type: 'dev' }).returning();
  return row!;
}

async function created(payload: object) {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('create and read', () => {
  it('creates with defaults (201) and reads it back', async () => {
    const name = uniq('svc');
    const c = await created({ name, kind: 'service' });
    expect(c).toMatchObject({
      name,
      kind: 'service',
      owner: null,
      lifecycle: 'experimental',
      description: null,
      tags: [],
      annotations: {},
      teamId: null,
      gitopsApp: null,
      workloadStatus: null,
    });
    expect(c.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(c.createdAt).toISOString()).toBe(c.createdAt);
    const again = await get(c.id);
    expect(again.statusCode).toBe(200);
    // A read also says what its caller may do (decision 954): a plain user here; the creating admin's answer says yes.
    expect(again.json()).toEqual({ ...c, permissions: { update: false, delete: false } });
  });

  it('keeps every field given', async () => {
    const body = {
      name: uniq('full'),
      kind: 'database',
      owner: 'nobody-team',
      lifecycle: 'production',
      description: 'orders db',
      tags: ['pg', 'orders'],
      annotations: { 'hangar.io/image': 'postgres:16' },
      gitopsApp: 'orders-db',
    };
    expect(await created(body)).toMatchObject({ ...body, teamId: null });
  });

  it('sets teamId from an owner naming a team, and follows owner changes', async () => {
    const team = await newTeam();
    const other = await newTeam();
    const c = await created({ name: uniq('owned'), kind: 'library', owner: team.name });
    expect(c.teamId).toBe(team.id);
    expect((await patch(c.id, { owner: other.name })).json().teamId).toBe(other.id);
    expect((await patch(c.id, { owner: 'no-such-team' })).json()).toMatchObject({ owner: 'no-such-team', teamId: null });
    expect((await patch(c.id, { owner: team.name })).json().teamId).toBe(team.id);
    expect((await patch(c.id, { owner: null })).json()).toMatchObject({ owner: null, teamId: null });
    // a change of other fields keeps the team
    await patch(c.id, { owner: team.name });
    expect((await patch(c.id, { description: 'x' })).json().teamId).toBe(team.id);
  });

  it('takes teamId in the body: the team must exist, owner defaults to its name, null clears it', async () => {
    const team = await newTeam();
    const other = await newTeam();
    const c = await created({ name: uniq('by-team'), kind: 'service', teamId: team.id });
    expect(c).toMatchObject({ teamId: team.id, owner: team.name });
    expect((await list(`teamId=${team.id}`)).json().data.map((x: { id: string }) => x.id)).toContain(c.id);
    // an explicit owner is kept as written next to the explicit team
    expect(await created({ name: uniq('by-team'), kind: 'service', teamId: team.id, owner: 'custom' })).toMatchObject({ teamId: team.id, owner: 'custom' });
    expect((await patch(c.id, { teamId: other.id })).json()).toMatchObject({ teamId: other.id, owner: other.name });
    expect((await patch(c.id, { teamId: null })).json()).toMatchObject({ teamId: null, owner: other.name });
    expectError(await patch(c.id, { teamId: randomUUID() }), 400);
  });

  it('"" for owner or gitopsApp means none', async () => {
    const c = await created({ name: uniq('empty'), kind: 'service', owner: '', gitopsApp: '' });
    expect(c).toMatchObject({ owner: null, gitopsApp: null, teamId: null });
    await patch(c.id, { gitopsApp: 'app-x' });
    expect((await patch(c.id, { gitopsApp: '' })).json()).toMatchObject({ gitopsApp: null });
  });

  it('name is unique per kind (409), the same name in another kind is fine', async () => {
    const name = uniq('dup');
    await created({ name, kind: 'service' });
    const body = expectError(await create({ name, kind: 'service' }), 409);
    expect(body.message).toContain(name);
    await created({ name, kind: 'website' });
  });

  it.each([
    [{ kind: 'service' }, 'name'],
    [{ name: '', kind: 'service' }, 'name'],
    [{ name: 'x'.repeat(101), kind: 'service' }, 'name'],
    [{ name: 'ok' }, 'kind'],
    [{ name: 'ok', kind: 'mainframe' }, 'kind'],
    [{ name: 'ok', kind: 'Service' }, 'kind'],
    [{ name: 'ok', kind: 'service', lifecycle: 'retired' }, 'lifecycle'],
    [{ name: 'ok', kind: 'service', tags: [1] }, 'tags'],
    [{ name: 'ok', kind: 'service', tags: 'a' }, 'tags'],
    [{ name: 'ok', kind: 'service', annotations: { a: 1 } }, 'annotations'],
    [{ name: 'ok', kind: 'service', annotations: ['a'] }, 'annotations'],
    [{ name: 123, kind: 'service' }, 'name'],
    [{ name: 'ok', kind: 'service', owner: 5 }, 'owner'],
    [{ name: 'ok', kind: 'service', gitopsApp: 5 }, 'gitopsApp'],
    [{ name: 'ok', kind: 'service', teamId: 'not-a-uuid' }, 'teamId'],
    [{ name: 'ok', kind: 'service', teamId: '00000000-0000-4000-8000-000000000000' }, 'teamId'],
  ])('400 for %j', async (payload, field) => {
    expect(expectError(await create(payload), 400).message).toContain(field);
  });

  it('400 for a missing or malformed body', async () => {
    expectError(await t.app.inject({ method: 'POST', url: base, headers: admin }), 400);
    expectError(await t.app.inject({ method: 'POST', url: base, headers: { ...admin, 'content-type': 'application/json' }, payload: '{"name":' }), 400);
  });

  it('401 without a token, 403 for non-admins on writes', async () => {
    expectError(await t.app.inject({ method: 'GET', url: base }), 401);
    expectError(await t.app.inject({ method: 'GET', url: `${base}/${randomUUID()}` }), 401);
    expectError(await create({ name: 'x', kind: 'service' }, {}), 401);
    expectError(await create({ name: 'x', kind: 'service' }, user), 403);
    const c = await created({ name: uniq('guarded'), kind: 'service' });
    expectError(await patch(c.id, { description: 'x' }, user), 403);
    expectError(await t.app.inject({ method: 'DELETE', url: `${base}/${c.id}`, headers: user }), 403);
    expectError(await t.app.inject({ method: 'DELETE', url: `${base}/${c.id}` }), 401);
    expectError(await t.app.inject({ method: 'POST', url: '/api/v1/catalog/register-yaml', headers: user, payload: { yaml: 'a: 1' } }), 403);
    expectError(await t.app.inject({ method: 'POST', url: '/api/v1/catalog/locations', headers: user, payload: { url: 'https://example.test/x.git' } }), 403);
  });

  it('404 for an unknown id, 400 for a malformed one', async () => {
    expectError(await get(randomUUID()), 404);
    expectError(await get('not-a-uuid'), 400);
    expectError(await patch(randomUUID(), { description: 'x' }), 404);
    expectError(await patch('nope', { description: 'x' }), 400);
    expectError(await t.app.inject({ method: 'DELETE', url: `${base}/${randomUUID()}`, headers: admin }), 404);
    expectError(await t.app.inject({ method: 'DELETE', url: `${base}/nope`, headers: admin }), 400);
  });
});

describe('update and delete', () => {
  it('updates any subset, nullable fields to null, including gitopsApp', async () => {
    const c = await created({ name: uniq('upd'), kind: 'service', description: 'd', gitopsApp: 'app-1', tags: ['a'] });
    const res = await patch(c.id, { gitopsApp: 'app-2', lifecycle: 'production' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ gitopsApp: 'app-2', lifecycle: 'production', description: 'd', tags: ['a'] });
    expect(new Date(res.json().updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(c.updatedAt).getTime());
    const cleared = (await patch(c.id, { gitopsApp: null, description: null, tags: [], annotations: { k: 'v' } })).json();
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
    for (const c of page.data) expect(Object.keys(c)).toEqual(expect.arrayContaining(['id', 'name', 'kind', 'owner', 'lifecycle', 'teamId', 'workloadStatus']));
  });

  it('filters by teamId, by kindGroup, and both combined', async () => {
    const byTeam = (await list(`teamId=${team.id}&take=100`)).json();
    expect(byTeam.total).toBe(3);
    expect(byTeam.data.map((c: any) => c.name)).toEqual([names['a-db'], names['b-svc'], names['d-model']]);
    const infra = (await list('kindGroup=infra&take=100')).json();
    expect(infra.data.every((c: any) => ['pipeline', 'queue', 'database', 'storage', 'cluster', 'network'].includes(c.kind))).toBe(true);
    expect(infra.data.map((c: any) => c.name)).toEqual(expect.arrayContaining([names['a-db'], names['c-queue']]));
    const both = (await list(`kindGroup=infra&teamId=${team.id}`)).json();
    expect(both).toMatchObject({ total: 1, data: [{ name: names['a-db'] }] });
    expect((await list(`kindGroup=data&teamId=${team.id}`)).json().data.map((c: any) => c.name)).toEqual([names['d-model']]);
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

  it.each(['kindGroup=ops', 'kindGroup=', 'teamId=abc', 'take=101', 'take=0', 'skip=-1', 'take=x'])('400 for %s', async (q) => {
    expectError(await list(q), 400);
  });
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
