import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<TestApp['newUser']>>;
const MISSING = '00000000-0000-4000-8000-000000000000';
const base = '/api/v1/organizations';

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const slug = () =>
  uniq('org')
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-');

async function createOrg(owner: User, extra: object = {}) {
  const res = await req('POST', base, owner.token, { name: 'Org', slug: slug(), ...extra });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; slug: string; name: string };
}

/** An org with an owner, two admins and two members. */
async function populatedOrg() {
  const [owner, admin1, admin2, member1, member2] = await Promise.all(
    ['own', 'adm', 'adm', 'mem', 'mem'].map((p) => t.newUser(p)),
  );
  const org = await createOrg(owner!);
  for (const [u, role] of [
    [admin1, 'admin'],
    [admin2, 'admin'],
    [member1, 'member'],
    [member2, 'member'],
  ] as const) {
    expect((await req('POST', `${base}/${org.id}/members`, owner!.token, { userId: u!.id, role })).statusCode).toBe(
      201,
    );
  }
  return { org, owner: owner!, admin1: admin1!, admin2: admin2!, member1: member1!, member2: member2! };
}

describe('create, list, read', () => {
  it('creates (201) with the creator as owner; the member list shows it', async () => {
    const u = await t.newUser('creator');
    const s = slug();
    const res = await req('POST', base, u.token, { name: 'Acme', slug: s, description: 'd' });
    expect(res.statusCode).toBe(201);
    const org = res.json();
    expect(org).toMatchObject({
      name: 'Acme',
      slug: s,
      description: 'd',
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const members = await req('GET', `${base}/${org.id}/members`, u.token);
    expect(members.statusCode).toBe(200);
    expect(members.json()).toEqual([
      { userId: u.id, username: u.username, role: 'owner', joinedAt: expect.any(String) },
    ]);
    const get = await req('GET', `${base}/${org.id}`, u.token);
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual(org);
  });

  it('409 on a duplicate slug', async () => {
    const u = await t.newUser('dupslug');
    const org = await createOrg(u);
    expectError(await req('POST', base, u.token, { name: 'Other', slug: org.slug }), 409);
  });

  it('accepts long generated slugs (up to 100) and repeated hyphens; an unknown role names the allowed ones', async () => {
    const u = await t.newUser('longslug');
    const slug = `integration-test-organization-${'a'.repeat(40)}--${Date.now()}`.slice(0, 100);
    const res = await req('POST', base, u.token, { name: 'Long', slug });
    expect(res.statusCode).toBe(201);
    expect(res.json().slug).toBe(slug);
    const other = await t.newUser('roleenum');
    const bad = expectError(
      await req('POST', `${base}/${res.json().id}/members`, u.token, { userId: other.id, role: 'superuser' }),
      400,
    );
    expect(bad.message).toBe('role must be one of: owner, admin, member');
    expect(bad.details).toEqual([{ field: 'role', problem: 'must be one of: owner, admin, member' }]);
  });

  it.each([
    [{ slug: 'ok-slug' }, 'name'],
    [{ name: 'x' }, 'slug'],
    [{ name: 'x', slug: 'Upper' }, 'slug'],
    [{ name: 'x', slug: 'under_score' }, 'slug'],
    [{ name: 'x', slug: '-lead' }, 'slug'],
    [{ name: 'x', slug: 'trail-' }, 'slug'],
    [{ name: 'x', slug: 'x'.repeat(101) }, 'slug'],
    [{ name: 'x', slug: 'has space' }, 'slug'],
    [{ name: '', slug: 'fine' }, 'name'],
    [{ name: 'x', slug: 'fine', description: 5 }, 'description'],
    [{ name: 42, slug: 'fine' }, 'name'],
  ])('400 for %j', async (payload, field) => {
    const u = await t.newUser('bad');
    expect(expectError(await req('POST', base, u.token, payload), 400).message).toContain(field);
  });

  it('lists only the orgs the caller belongs to; global admins see all', async () => {
    const a = await t.newUser('lista');
    const b = await t.newUser('listb');
    const oa = await createOrg(a);
    const ob = await createOrg(b);
    const listA = (await req('GET', base, a.token)).json() as { id: string }[];
    expect(listA.map((o) => o.id)).toEqual([oa.id]);
    const listAdmin = (await req('GET', base, await t.adminToken())).json() as { id: string }[];
    expect(listAdmin.map((o) => o.id)).toEqual(expect.arrayContaining([oa.id, ob.id]));
  });

  it('401 without a token, on every endpoint', async () => {
    for (const [method, url] of [
      ['GET', base],
      ['POST', base],
      ['GET', `${base}/${MISSING}`],
      ['PATCH', `${base}/${MISSING}`],
      ['DELETE', `${base}/${MISSING}`],
      ['GET', `${base}/${MISSING}/members`],
      ['POST', `${base}/${MISSING}/members`],
      ['PATCH', `${base}/${MISSING}/members/${MISSING}/role`],
      ['DELETE', `${base}/${MISSING}/members/${MISSING}`],
    ] as const) {
      expectError(await req(method, url), 401);
    }
  });

  it('read: 404 missing, 403 non-member, admins read any; 400 bad UUID', async () => {
    const owner = await t.newUser('rown');
    const other = await t.newUser('rother');
    const org = await createOrg(owner);
    expectError(await req('GET', `${base}/${MISSING}`, owner.token), 404);
    expectError(await req('GET', `${base}/${org.id}`, other.token), 403);
    expectError(await req('GET', `${base}/${org.id}/members`, other.token), 403);
    expect((await req('GET', `${base}/${org.id}`, await t.adminToken())).statusCode).toBe(200);
    expect((await req('GET', `${base}/${org.id}/members`, await t.adminToken())).statusCode).toBe(200);
    expectError(await req('GET', `${base}/not-a-uuid`, owner.token), 400);
    expectError(await req('GET', `${base}/not-a-uuid/members`, owner.token), 400);
    expectError(await req('GET', `${base}/${MISSING}/members`, owner.token), 404);
  });
});

describe('update and delete', () => {
  it('PATCH: admin or owner (200); member, outsider and global admin 403; 404; 409 taken slug; 400 bad slug', async () => {
    const { org, owner, admin1, member1 } = await populatedOrg();
    const outsider = await t.newUser('out');
    const s = slug();
    const byAdmin = await req('PATCH', `${base}/${org.id}`, admin1.token, { name: 'Renamed', slug: s });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ id: org.id, name: 'Renamed', slug: s, description: null });
    const byOwner = await req('PATCH', `${base}/${org.id}`, owner.token, { description: 'now described' });
    expect(byOwner.json()).toMatchObject({ name: 'Renamed', slug: s, description: 'now described' });
    // the same slug again is not a conflict with itself
    expect((await req('PATCH', `${base}/${org.id}`, owner.token, { slug: s })).statusCode).toBe(200);
    expectError(await req('PATCH', `${base}/${org.id}`, member1.token, { name: 'x' }), 403);
    expectError(await req('PATCH', `${base}/${org.id}`, outsider.token, { name: 'x' }), 403);
    expectError(await req('PATCH', `${base}/${org.id}`, await t.adminToken(), { name: 'x' }), 403);
    expectError(await req('PATCH', `${base}/${MISSING}`, owner.token, { name: 'x' }), 404);
    const other = await createOrg(owner);
    expectError(await req('PATCH', `${base}/${org.id}`, owner.token, { slug: other.slug }), 409);
    expectError(await req('PATCH', `${base}/${org.id}`, owner.token, { slug: 'Bad Slug' }), 400);
    expectError(await req('PATCH', `${base}/${org.id}`, owner.token, { name: '' }), 400);
    expectError(await req('PATCH', `${base}/bad-id`, owner.token, { name: 'x' }), 400);
  });

  it('DELETE: only the owner (204), memberships go with it', async () => {
    const { org, owner, admin1, member1 } = await populatedOrg();
    expectError(await req('DELETE', `${base}/${org.id}`, admin1.token), 403);
    expectError(await req('DELETE', `${base}/${org.id}`, member1.token), 403);
    expectError(await req('DELETE', `${base}/${org.id}`, await t.adminToken()), 403);
    expectError(await req('DELETE', `${base}/${MISSING}`, owner.token), 404);
    expectError(await req('DELETE', `${base}/bad-id`, owner.token), 400);
    const del = await req('DELETE', `${base}/${org.id}`, owner.token);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expectError(await req('GET', `${base}/${org.id}`, owner.token), 404);
    expect((await req('GET', base, member1.token)).json()).toEqual([]);
  });
});

describe('members', () => {
  it('add: 201 Member; 400 invalid role / bad ids; 403 member, outsider, admin assigning owner; 404 user/org; 409 twice', async () => {
    const { org, owner, admin1, member1 } = await populatedOrg();
    const newbie = await t.newUser('newbie');
    const add = (token: string, body: object, id = org.id) => req('POST', `${base}/${id}/members`, token, body);
    expectError(await add(owner.token, { userId: newbie.id, role: 'superuser' }), 400);
    expectError(await add(owner.token, { userId: newbie.id }), 400);
    expectError(await add(owner.token, { userId: 'nope', role: 'member' }), 400);
    expectError(await add(owner.token, { role: 'member' }), 400);
    expectError(await add(member1.token, { userId: newbie.id, role: 'member' }), 403);
    expectError(await add(newbie.token, { userId: newbie.id, role: 'member' }), 403);
    expectError(await add(await t.adminToken(), { userId: newbie.id, role: 'member' }), 403);
    expectError(await add(admin1.token, { userId: newbie.id, role: 'owner' }), 403);
    expectError(await add(owner.token, { userId: MISSING, role: 'member' }), 404);
    expectError(await add(owner.token, { userId: newbie.id, role: 'member' }, MISSING), 404);
    expectError(await req('POST', `${base}/bad/members`, owner.token, { userId: newbie.id, role: 'member' }), 400);
    const ok = await add(admin1.token, { userId: newbie.id, role: 'admin' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({
      userId: newbie.id,
      username: newbie.username,
      role: 'admin',
      joinedAt: expect.any(String),
    });
    expectError(await add(owner.token, { userId: newbie.id, role: 'member' }), 409);
    // the new member sees the org at once
    expect((await req('GET', `${base}/${org.id}`, newbie.token)).statusCode).toBe(200);
    const members = (await req('GET', `${base}/${org.id}/members`, member1.token)).json() as { userId: string }[];
    expect(members).toHaveLength(6);
  });

  it('an owner can assign owner (add and promote)', async () => {
    const { org, owner, member1 } = await populatedOrg();
    const co = await t.newUser('co');
    expect(
      (await req('POST', `${base}/${org.id}/members`, owner.token, { userId: co.id, role: 'owner' })).json().role,
    ).toBe('owner');
    const promote = await req('PATCH', `${base}/${org.id}/members/${member1.id}/role`, owner.token, { role: 'owner' });
    expect(promote.statusCode).toBe(200);
    expect(promote.json()).toMatchObject({ userId: member1.id, role: 'owner' });
  });

  it('update role: the five hierarchy rules and their status codes', async () => {
    const { org, owner, admin1, admin2, member1, member2 } = await populatedOrg();
    const outsider = await t.newUser('outsider');
    const role = (token: string, userId: string, body: object) =>
      req('PATCH', `${base}/${org.id}/members/${userId}/role`, token, body);
    // 400: invalid role, or the target is the owner (owner role immutable), even for the owner
    expectError(await role(owner.token, member1.id, { role: 'boss' }), 400);
    expectError(await role(owner.token, member1.id, {}), 400);
    expectError(await role(owner.token, owner.id, { role: 'member' }), 400);
    expectError(await role(admin1.token, owner.id, { role: 'member' }), 400);
    // 403: admin changing another admin; admin assigning owner; plain members and outsiders
    expectError(await role(admin1.token, admin2.id, { role: 'member' }), 403);
    expectError(await role(admin1.token, member1.id, { role: 'owner' }), 403);
    expectError(await role(member1.token, member2.id, { role: 'admin' }), 403);
    expectError(await role(outsider.token, member2.id, { role: 'admin' }), 403);
    expectError(await role(await t.adminToken(), member2.id, { role: 'admin' }), 403);
    // 404: target not a member, org missing; 400 bad UUIDs
    expectError(await role(owner.token, outsider.id, { role: 'member' }), 404);
    expectError(
      await req('PATCH', `${base}/${MISSING}/members/${member1.id}/role`, owner.token, { role: 'member' }),
      404,
    );
    expectError(await req('PATCH', `${base}/${org.id}/members/bad/role`, owner.token, { role: 'member' }), 400);
    // allowed moves
    const up = await role(admin1.token, member1.id, { role: 'admin' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({
      userId: member1.id,
      username: member1.username,
      role: 'admin',
      joinedAt: expect.any(String),
    });
    expect((await role(owner.token, admin2.id, { role: 'member' })).json().role).toBe('member');
    // an admin may step down themselves
    expect((await role(admin1.token, admin1.id, { role: 'member' })).json().role).toBe('member');
    // and is then a member: no more role changes
    expectError(await role(admin1.token, member2.id, { role: 'admin' }), 403);
  });

  it('remove: 204; 403 admin removing admin, anyone removing the owner, members; 404 not a member; access ends at once', async () => {
    const { org, owner, admin1, admin2, member1, member2 } = await populatedOrg();
    const outsider = await t.newUser('outsider');
    const remove = (token: string, userId: string, id = org.id) =>
      req('DELETE', `${base}/${id}/members/${userId}`, token);
    expectError(await remove(admin1.token, admin2.id), 403);
    expectError(await remove(admin1.token, owner.id), 403);
    expectError(await remove(owner.token, owner.id), 403);
    expectError(await remove(member1.token, member2.id), 403);
    expectError(await remove(outsider.token, member2.id), 403);
    expectError(await remove(await t.adminToken(), member2.id), 403);
    expectError(await remove(owner.token, outsider.id), 404);
    expectError(await remove(owner.token, member1.id, MISSING), 404);
    expectError(await remove(owner.token, 'bad'), 400);
    expect((await req('GET', `${base}/${org.id}`, member1.token)).statusCode).toBe(200);
    const del = await remove(admin1.token, member1.id);
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    expectError(await req('GET', `${base}/${org.id}`, member1.token), 403);
    expect((await req('GET', base, member1.token)).json()).toEqual([]);
    expectError(await remove(owner.token, member1.id), 404);
    // the owner may remove an admin; an admin may leave
    expect((await remove(owner.token, admin2.id)).statusCode).toBe(204);
    expect((await remove(admin1.token, admin1.id)).statusCode).toBe(204);
    expectError(await req('PATCH', `${base}/${org.id}`, admin1.token, { name: 'x' }), 403);
  });
});
