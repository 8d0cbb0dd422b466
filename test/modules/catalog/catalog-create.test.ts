import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, uniq } from '../../helpers/app.js';
import { t, admin, user, base, create, patch, get, list, newTeam, created, useCatalogApp } from './catalog-setup.js';

useCatalogApp();

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
    expect((await patch(c.id, { owner: 'no-such-team' })).json()).toMatchObject({
      owner: 'no-such-team',
      teamId: null,
    });
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
    expect(await created({ name: uniq('by-team'), kind: 'service', teamId: team.id, owner: 'custom' })).toMatchObject({
      teamId: team.id,
      owner: 'custom',
    });
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
    expectError(
      await t.app.inject({
        method: 'POST',
        url: base,
        headers: { ...admin, 'content-type': 'application/json' },
        payload: '{"name":',
      }),
      400,
    );
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
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/catalog/register-yaml',
        headers: user,
        payload: { yaml: 'a: 1' },
      }),
      403,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/catalog/locations',
        headers: user,
        payload: { url: 'https://example.test/x.git' },
      }),
      403,
    );
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
