import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import { createTeamsService } from '../../../src/modules/teams/index.js';
import { systemCaller } from '../../../src/kernel/caller.js';
import { expectError, uniq } from '../../helpers/app.js';
import {
  t,
  admin,
  user,
  MISSING,
  base,
  req,
  createTeam,
  insertComponents,
  teamIdsOf,
  useTeamsApp,
} from './teams-setup.js';

useTeamsApp();

describe('members', () => {
  it('add (201 team with members, no passwords), list, 409 twice, 404 unknown user, remove 204 then 404', async () => {
    const team = await createTeam();
    const other = await t.newUser('other');
    const add = await req('POST', `${base}/${team.id}/members/${user.id}`, admin);
    expect(add.statusCode).toBe(201);
    expect(add.json()).toMatchObject({
      id: team.id,
      name: team.name,
      members: [
        {
          id: user.id,
          username: user.username,
          email: expect.any(String),
          displayName: expect.any(String),
          roles: ['user'],
        },
      ],
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
    expect(
      (await req('GET', `${base}/${team.id}`, user.token)).json().members.map((u: { id: string }) => u.id),
    ).toEqual([user.id]);
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
    expect(
      new Set((await req('GET', `${base}/${team.id}/components`, user.token)).json().map((c: { id: string }) => c.id)),
    ).toEqual(new Set([...ids, newOwned[0]!.id]));

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
    const service = createTeamsService({
      db: t.database.db,
      userExists: async () => true,
      catalog,
      permissions: t.app.hangar.modules.permissions,
    });
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
