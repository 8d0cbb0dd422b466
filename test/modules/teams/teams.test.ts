import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import { createTeamsService } from '../../../src/modules/teams/index.js';
import { systemCaller } from '../../../src/kernel/caller.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let admin: string;
let user: Awaited<ReturnType<TestApp['newUser']>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
  user = await t.newUser('teamuser');
});
afterAll(() => t.close());

const MISSING = '00000000-0000-4000-8000-000000000000';
const base = '/api/v1/teams';
const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function createTeam(extra: object = {}) {
  const res = await req('POST', base, admin, { name: uniq('team'), type: 'dev', ...extra });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string };
}

async function insertComponents(owner: string | null, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({ name: uniq(`c${i}`), kind: 'service', owner }));
  return t.database.db.insert(components).values(rows).returning();
}
const teamIdsOf = async (ids: string[]) =>
  Object.fromEntries(
    (await t.database.db.select({ id: components.id, teamId: components.teamId }).from(components).where(inArray(components.id, ids))).map((r) => [
      r.id,
      r.teamId,
    ]),
  );

describe('CRUD', () => {
  it('creates (201) with defaults: displayName = name, metadata null', async () => {
    const name = uniq('core');
    const res = await req('POST', base, admin, { name, type: 'platform', description: 'd', contactEmail: 'core@example.test', chatChannel: '#core' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      name,
      displayName: name,
      type: 'platform',
      description: 'd',
      contactEmail: 'core@example.test',
      chatChannel: '#core',
      metadata: null,
      namespace: 'default',
      parentTeamId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const withMeta = await req('POST', base, admin, { name: uniq('m'), displayName: 'Meta', type: 'data', metadata: { a: 1, b: { c: [1, 'x'] } } });
    expect(withMeta.json()).toMatchObject({ displayName: 'Meta', metadata: { a: 1, b: { c: [1, 'x'] } } });
  });

  it('only name is required: type defaults to other; blank optional strings are accepted', async () => {
    const name = uniq('bare');
    const bare = await req('POST', base, admin, { name });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({ name, displayName: name, type: 'other', description: null, contactEmail: null, chatChannel: null, metadata: null });
    const blank = await req('POST', base, admin, { name: uniq('blank'), displayName: '', type: 'infra', description: '', contactEmail: '', chatChannel: '' });
    expect(blank.statusCode).toBe(201);
    expect(blank.json()).toMatchObject({ displayName: blank.json().name, type: 'infra', description: '', contactEmail: null, chatChannel: '' });
    const patched = await req('PATCH', `${base}/${bare.json().id}`, admin, { displayName: null, contactEmail: '' });
    expect(patched.json()).toMatchObject({ displayName: name, contactEmail: null });
    // An unknown type names the allowed values in one readable message.
    const bad = expectError(await req('POST', base, admin, { name: uniq('x'), type: 'marketing' }), 400);
    expect(bad.message).toBe('type must be one of: dev, infra, security, data, platform, other');
    // A nullable field reports the real problem only, not the "must be null" branch.
    const email = expectError(await req('POST', base, admin, { name: uniq('x'), contactEmail: 'nope' }), 400);
    expect(email.details).toEqual([{ field: 'contactEmail', problem: 'must match format "email"' }]);
  });

  it('409 duplicate name (create and rename); 403 for non-admins; 401 anonymous', async () => {
    const a = await createTeam();
    const b = await createTeam();
    expectError(await req('POST', base, admin, { name: a.name, type: 'dev' }), 409);
    expectError(await req('PATCH', `${base}/${b.id}`, admin, { name: a.name }), 409);
    expectError(await req('POST', base, user.token, { name: uniq('x'), type: 'dev' }), 403);
    expectError(await req('PATCH', `${base}/${a.id}`, user.token, { description: 'x' }), 403);
    expectError(await req('DELETE', `${base}/${a.id}`, user.token), 403);
    expectError(await req('POST', `${base}/${a.id}/members/${user.id}`, user.token), 403);
    expectError(await req('DELETE', `${base}/${a.id}/members/${user.id}`, user.token), 403);
    for (const [m, u] of [
      ['GET', base],
      ['POST', base],
      ['GET', `${base}/${a.id}`],
      ['GET', `${base}/${a.id}/members`],
      ['GET', `${base}/${a.id}/components`],
    ] as const) {
      expectError(await req(m, u), 401);
    }
  });

  it.each([
    [{ type: 'dev' }, 'name'],
    [{ name: 'x', type: 'marketing' }, 'type'],
    [{ name: '', type: 'dev' }, 'name'],
    [{ name: 'x'.repeat(101), type: 'dev' }, 'name'],
    [{ name: 'x', type: 'dev', contactEmail: 'not-email' }, 'contactEmail'],
    [{ name: 'x', type: 'dev', metadata: 'str' }, 'metadata'],
    [{ name: 'x', type: 'dev', metadata: [1] }, 'metadata'],
    [{ name: 1, type: 'dev' }, 'name'],
  ])('400 create %j', async (payload, field) => {
    expect(expectError(await req('POST', base, admin, payload), 400).message).toContain(field);
  });

  it('lists paginated by name; 400 for bad paging', async () => {
    await createTeam();
    await createTeam();
    const page = await req('GET', `${base}?skip=1&take=1`, user.token);
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ skip: 1, take: 1, total: expect.any(Number) });
    expect(body.data).toHaveLength(1);
    expect(Object.keys(body.data[0])).toEqual(expect.arrayContaining(['id', 'name', 'displayName', 'type']));
    const all = (await req('GET', `${base}?take=100`, user.token)).json();
    expect(all.take).toBe(100);
    const names = all.data.map((x: { name: string }) => x.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect((await req('GET', base, user.token)).json()).toMatchObject({ skip: 0, take: 20 });
    expectError(await req('GET', `${base}?take=101`, user.token), 400);
    expectError(await req('GET', `${base}?take=0`, user.token), 400);
    expectError(await req('GET', `${base}?skip=-1`, user.token), 400);
    expectError(await req('GET', `${base}?take=abc`, user.token), 400);
  });

  it('get, patch, delete: 404 unknown, 400 bad UUID or body', async () => {
    const team = await createTeam();
    const got = await req('GET', `${base}/${team.id}`, user.token);
    expect(got.json()).toMatchObject({ id: team.id, name: team.name, members: [] });
    const patched = await req('PATCH', `${base}/${team.id}`, admin, { displayName: 'Shown', metadata: { k: 'v' }, description: null, type: 'security' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ displayName: 'Shown', metadata: { k: 'v' }, description: null, type: 'security', name: team.name });
    expect((await req('PATCH', `${base}/${team.id}`, admin, { metadata: null })).json().metadata).toBeNull();
    expectError(await req('PATCH', `${base}/${team.id}`, admin, { type: 'nope' }), 400);
    expectError(await req('PATCH', `${base}/${team.id}`, admin, { contactEmail: 'bad' }), 400);
    for (const [m, u] of [
      ['GET', `${base}/${MISSING}`],
      ['PATCH', `${base}/${MISSING}`],
      ['DELETE', `${base}/${MISSING}`],
      ['GET', `${base}/${MISSING}/members`],
      ['GET', `${base}/${MISSING}/components`],
      ['POST', `${base}/${MISSING}/members/${user.id}`],
      ['DELETE', `${base}/${MISSING}/members/${user.id}`],
    ] as const) {
      expectError(await req(m, u, admin, m === 'PATCH' ? { description: 'x' } : undefined), 404);
    }
    for (const [m, u] of [
      ['GET', `${base}/nope`],
      ['PATCH', `${base}/nope`],
      ['DELETE', `${base}/nope`],
      ['GET', `${base}/nope/members`],
      ['GET', `${base}/nope/components`],
      ['POST', `${base}/${team.id}/members/nope`],
      ['DELETE', `${base}/${team.id}/members/nope`],
    ] as const) {
      expectError(await req(m, u, admin, m === 'PATCH' ? { description: 'x' } : undefined), 400);
    }
    const del = await req('DELETE', `${base}/${team.id}`, admin);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expectError(await req('GET', `${base}/${team.id}`, admin), 404);
  });
});

describe('members', () => {
  it('add (201 team with members, no passwords), list, 409 twice, 404 unknown user, remove 204 then 404', async () => {
    const team = await createTeam();
    const other = await t.newUser('other');
    const add = await req('POST', `${base}/${team.id}/members/${user.id}`, admin);
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({
      id: team.id,
      name: team.name,
      members: [{ id: user.id, username: user.username, email: expect.any(String), displayName: expect.any(String), roles: ['user'] }],
    });
    expect(add.body).not.toMatch(/password|argon2/i);
    expectError(await req('POST', `${base}/${team.id}/members/${user.id}`, admin), 409);
    expectError(await req('POST', `${base}/${team.id}/members/${MISSING}`, admin), 404);
    expect((await req('POST', `${base}/${team.id}/members/${other.id}`, admin)).json().members).toHaveLength(2);
    const list = await req('GET', `${base}/${team.id}/members`, user.token);
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((u: { id: string }) => u.id)
        .sort(),
    ).toEqual([user.id, other.id].sort());
    expect(list.body).not.toMatch(/password|argon2/i);
    const rm = await req('DELETE', `${base}/${team.id}/members/${other.id}`, admin);
    expect(rm.statusCode).toBe(204);
    expect(rm.body).toBe('');
    expectError(await req('DELETE', `${base}/${team.id}/members/${other.id}`, admin), 404);
    expectError(await req('DELETE', `${base}/${team.id}/members/${MISSING}`, admin), 404);
    expect((await req('GET', `${base}/${team.id}`, user.token)).json().members.map((u: { id: string }) => u.id)).toEqual([user.id]);
  });
});

describe('components and teamId', () => {
  it('links components by owner on create, lists them, moves links on rename, clears them on delete (components kept)', async () => {
    const name = uniq('owners');
    const owned = await insertComponents(name, 2);
    const unrelated = await insertComponents(uniq('nobody'), 1);
    const team = await createTeam({ name });
    const ids = owned.map((c) => c.id);
    expect(Object.values(await teamIdsOf(ids))).toEqual([team.id, team.id]);
    expect((await teamIdsOf([unrelated[0]!.id]))[unrelated[0]!.id]).toBeNull();

    const list = await req('GET', `${base}/${team.id}/components`, user.token);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(2);
    expect(list.json()[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      kind: 'service',
      owner: name,
      lifecycle: 'experimental',
      description: null,
      tags: [],
      annotations: {},
      teamId: team.id,
      gitopsApp: null,
      workloadStatus: null,
      namespace: 'default',
      title: null,
      entityKind: 'Component',
      entityRef: expect.stringMatching(/^component:default\//),
      type: null,
      ownerUserRef: null,
      labels: {},
      links: [],
      remotes: null,
      orphan: false,
      source: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });

    // rename: ownership follows the team (decision 952): the old name's components stay linked, the new name's are linked too
    const newName = uniq('renamed');
    const newOwned = await insertComponents(newName, 1);
    expect((await req('PATCH', `${base}/${team.id}`, admin, { name: newName })).statusCode).toBe(200);
    expect(Object.values(await teamIdsOf(ids))).toEqual([team.id, team.id]);
    expect((await teamIdsOf([newOwned[0]!.id]))[newOwned[0]!.id]).toBe(team.id);
    expect(new Set((await req('GET', `${base}/${team.id}/components`, user.token)).json().map((c: { id: string }) => c.id))).toEqual(
      new Set([...ids, newOwned[0]!.id]),
    );

    expect((await req('DELETE', `${base}/${team.id}`, admin)).statusCode).toBe(204);
    const [kept] = await t.database.db.select().from(components).where(eq(components.id, newOwned[0]!.id));
    expect(kept).toMatchObject({ owner: newName, teamId: null });
  });

  it('an empty team lists no components', async () => {
    const team = await createTeam();
    expect((await req('GET', `${base}/${team.id}/components`, user.token)).json()).toEqual([]);
  });

  it('routes component links through the catalog verbs (create, rename, delete)', async () => {
    const calls: string[] = [];
    const catalog = {
      linkOwnerTeam: async (_c: unknown, name: string) => (calls.push(`link ${name}`), 0),
      unlinkTeam: async (_c: unknown, _id: string, name?: string) => (calls.push(`unlink ${name ?? '*'}`), 0),
    };
    const service = createTeamsService({ db: t.database.db, userExists: async () => true, catalog, permissions: t.app.hangar.modules.permissions });
    const name = uniq('busy');
    const busy = await service.create(systemCaller(), { name, type: 'dev' });
    expect(calls).toEqual([`link ${name}`]);
    await service.update(systemCaller(), busy.id, { description: 'no relink' });
    expect(calls).toHaveLength(1);
    const renamed = uniq('busy2');
    await service.update(systemCaller(), busy.id, { name: renamed });
    // Ownership follows the team (decision 952): a rename only links what names the new name.
    expect(calls.slice(1)).toEqual([`link ${renamed}`]);
    await service.remove(systemCaller(), busy.id);
    expect(calls.at(-1)).toBe('unlink *');
  });
});
