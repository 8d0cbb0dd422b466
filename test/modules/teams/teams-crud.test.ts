import { describe, expect, it } from 'vitest';
import { expectError, uniq } from '../../helpers/app.js';
import { admin, user, MISSING, base, req, createTeam, useTeamsApp } from './teams-setup.js';

useTeamsApp();

describe('CRUD', () => {
  it('creates (201) with defaults: displayName = name, metadata null', async () => {
    const name = uniq('core');
    const res = await req('POST', base, admin, {
      name,
      type: 'platform',
      description: 'd',
      contactEmail: 'core@example.test',
      chatChannel: '#core',
    });
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
    const withMeta = await req('POST', base, admin, {
      name: uniq('m'),
      displayName: 'Meta',
      type: 'data',
      metadata: { a: 1, b: { c: [1, 'x'] } },
    });
    expect(withMeta.json()).toMatchObject({ displayName: 'Meta', metadata: { a: 1, b: { c: [1, 'x'] } } });
  });

  it('only name is required: type defaults to other; blank optional strings are accepted', async () => {
    const name = uniq('bare');
    const bare = await req('POST', base, admin, { name });
    expect(bare.statusCode).toBe(201);
    expect(bare.json()).toMatchObject({
      name,
      displayName: name,
      type: 'other',
      description: null,
      contactEmail: null,
      chatChannel: null,
      metadata: null,
    });
    const blank = await req('POST', base, admin, {
      name: uniq('blank'),
      displayName: '',
      type: 'infra',
      description: '',
      contactEmail: '',
      chatChannel: '',
    });
    expect(blank.statusCode).toBe(201);
    expect(blank.json()).toMatchObject({
      displayName: blank.json().name,
      type: 'infra',
      description: '',
      contactEmail: null,
      chatChannel: '',
    });
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
    const patched = await req('PATCH', `${base}/${team.id}`, admin, {
      displayName: 'Shown',
      metadata: { k: 'v' },
      description: null,
      type: 'security',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      displayName: 'Shown',
      metadata: { k: 'v' },
      description: null,
      type: 'security',
      name: team.name,
    });
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
