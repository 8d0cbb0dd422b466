import { describe, expect, it } from 'vitest';
import { expectError, uniq } from '../../helpers/app.js';
import { created, usePersonas, type Persona } from './decision-table.js';

/** The permission policy beyond the decision table (decision 951): its reasons, team roles, answers in advance, the OpenAPI text. */
const p = usePersonas({ recordQueries: true });

describe('reasons, roles and edge cases', () => {
  it('a 403 names who may do it', async () => {
    const entity = await p.entityOf(p.teamA);
    expect(expectError(await p.call('member', 'DELETE', `/api/v1/catalog/components/${entity}`), 403).message).toBe(
      'Only admins and maintainers of the owning team may delete this entity',
    );
    expect(
      expectError(
        await p.call('plain', 'PATCH', `/api/v1/catalog/components/${await p.entityOf(null)}`, { title: 'x' }),
        403,
      ).message,
    ).toBe("This entity's owner names no known team: only admins may update this entity");
  });

  it('a renamed team keeps its entities: its members still update them', async () => {
    const team = await created(p.asAdmin('POST', '/api/v1/teams', { name: uniq('old'), type: 'dev' }));
    await created(p.asAdmin('POST', `/api/v1/teams/${team}/members/${p.ids.member}`));
    const entity = await p.entityOf(team);
    expect((await p.asAdmin('PATCH', `/api/v1/teams/${team}`, { name: uniq('new') })).statusCode).toBe(200);
    expect((await p.asAdmin('GET', `/api/v1/catalog/components/${entity}`)).json().teamId).toBe(team);
    expect(
      (await p.call('member', 'PATCH', `/api/v1/catalog/components/${entity}`, { description: 'still ours' }))
        .statusCode,
    ).toBe(200);
  });

  it('roles: POST takes {role}, PATCH changes it; the last maintainer stays unless an admin acts (409)', async () => {
    const team = await created(p.asAdmin('POST', '/api/v1/teams', { name: uniq('roles'), type: 'dev' }));
    const added = await p.asAdmin('POST', `/api/v1/teams/${team}/members/${p.ids.plain}`, { role: 'maintainer' });
    expect(added.json().members).toEqual([expect.objectContaining({ id: p.ids.plain, teamRole: 'maintainer' })]);
    expectError(await p.asAdmin('POST', `/api/v1/teams/${team}/members/${p.ids.member}`, { role: 'owner' }), 400);
    expectError(await p.asAdmin('PATCH', `/api/v1/teams/${team}/members/${p.ids.plain}`, {}), 400);
    // The maintainer manages members now; a member added without a role is a member.
    expect(
      (await p.call('plain', 'POST', `/api/v1/teams/${team}/members/${p.ids.member}`)).json().members,
    ).toContainEqual(expect.objectContaining({ id: p.ids.member, teamRole: 'member' }));
    expect(
      expectError(
        await p.call('plain', 'PATCH', `/api/v1/teams/${team}/members/${p.ids.plain}`, { role: 'member' }),
        409,
      ).message,
    ).toMatch(/last maintainer/);
    expectError(await p.call('plain', 'DELETE', `/api/v1/teams/${team}/members/${p.ids.plain}`), 409);
    expectError(
      await p.call('member', 'PATCH', `/api/v1/teams/${team}/members/${p.ids.member}`, { role: 'maintainer' }),
      403,
    );
    expectError(
      await p.call('plain', 'PATCH', `/api/v1/teams/${team}/members/${p.ids.otherTeam}`, { role: 'member' }),
      404,
    );
    // Promote another one, then the first may step down; an admin may remove the last.
    expect(
      (await p.call('plain', 'PATCH', `/api/v1/teams/${team}/members/${p.ids.member}`, { role: 'maintainer' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await p.call('plain', 'PATCH', `/api/v1/teams/${team}/members/${p.ids.plain}`, { role: 'member' })).statusCode,
    ).toBe(200);
    expect((await p.asAdmin('DELETE', `/api/v1/teams/${team}/members/${p.ids.member}`)).statusCode).toBe(204);
  });
});

describe('asking in advance', () => {
  it('entity answers carry permissions for their caller, in lists and single reads', async () => {
    const ours = await p.entityOf(p.teamA);
    const theirs = await p.entityOf(p.teamB);
    const perms = async (who: Persona, id: string) =>
      (await p.call(who, 'GET', `/api/v1/catalog/components/${id}`)).json().permissions;
    expect(await perms('maintainer', ours)).toEqual({ update: true, delete: true });
    expect(await perms('member', ours)).toEqual({ update: true, delete: false });
    expect(await perms('maintainer', theirs)).toEqual({ update: false, delete: false });
    expect(await perms('plain', ours)).toEqual({ update: false, delete: false });
    expect(await perms('admin', theirs)).toEqual({ update: true, delete: true });
    const page = async (who: Persona) =>
      new Map(
        (
          (await p.call(who, 'GET', `/api/v1/catalog/components?teamId=${p.teamA}&take=100`)).json().data as {
            id: string;
            permissions: object;
          }[]
        ).map((c) => [c.id, c.permissions]),
      );
    expect((await page('member')).get(ours)).toEqual({ update: true, delete: false });
    expect((await page('otherTeam')).get(ours)).toEqual({ update: false, delete: false });
  });

  it('POST /permissions/check answers each question with its reason; at most 100, validated', async () => {
    const ours = await p.entityOf(p.teamA);
    const incident = await p.incidentOf([ours]);
    const res = await p.call('member', 'POST', '/api/v1/permissions/check', {
      checks: [
        { action: 'entity.update', resourceId: ours },
        { action: 'entity.delete', resourceId: ours },
        { action: 'incident.update', resourceId: incident },
        { action: 'team.manageMembers', resourceId: p.teamA },
        { action: 'entity.update', resourceId: '00000000-0000-4000-8000-000000000000' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { allowed: true, reason: 'member of the owning team' },
      { allowed: false, reason: 'Only admins and maintainers of the owning team may delete this entity' },
      { allowed: true, reason: 'member of a team owning an affected component' },
      { allowed: false, reason: "Only admins and the team's maintainers may manage this team's members" },
      { allowed: false, reason: 'not found' },
    ]);
    const many = Array.from({ length: 101 }, () => ({ action: 'entity.update', resourceId: ours }));
    expectError(await p.call('member', 'POST', '/api/v1/permissions/check', { checks: many }), 400);
    expectError(
      await p.call('member', 'POST', '/api/v1/permissions/check', {
        checks: [{ action: 'entity.fly', resourceId: ours }],
      }),
      400,
    );
    expectError(
      await p.call('member', 'POST', '/api/v1/permissions/check', {
        checks: [{ action: 'entity.update', resourceId: 'nope' }],
      }),
      400,
    );
    expectError(await p.call('member', 'POST', '/api/v1/permissions/check', {}), 400);
  });

  it('the permissions of a page of 50 entities cost one query, whatever the page size', async () => {
    const team = await created(p.asAdmin('POST', '/api/v1/teams', { name: uniq('page'), type: 'dev' }));
    await created(p.asAdmin('POST', `/api/v1/teams/${team}/members/${p.ids.member}`));
    for (let i = 0; i < 50; i++) await p.entityOf(i % 2 ? team : p.teamB);
    // Background work (scorecard evaluations, notifications) p.queries meanwhile: the statements of
    // this request are told apart by their text (the page's select, the policy's membership query).
    const countFor = async (take: number) => {
      // Pages read the caller's memberships through the cache (decision 958): dropped here, so each page pays its one query.
      await p.t.app.hangar.modules.permissions.membershipsChanged();
      p.queries.length = 0;
      const res = await p.call('member', 'GET', `/api/v1/catalog/components?q=svc&take=${take}&sort=name`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toHaveLength(take);
      expect(res.json().data.every((c: { permissions?: object }) => c.permissions)).toBe(true);
      const page = p.queries.filter(
        (q) =>
          q.startsWith('select') && q.includes('from "components" where "components"."search"') && q.includes('limit'),
      );
      return { page: page.length, policy: p.queries.filter((q) => q.includes('"team_members" tm')).length };
    };
    await countFor(1); // the total is cached per filter: both pages below read it from the cache
    expect(await countFor(50)).toEqual({ page: 1, policy: 1 });
    expect(await countFor(5)).toEqual({ page: 1, policy: 1 });
  });
});

describe('the OpenAPI document', () => {
  it('names for every write who may call it; the writes of the table name the team rule', async () => {
    const doc = (await p.t.app.inject({ url: '/api/docs/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string; description?: string }>>;
    };
    const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, description: op.description ?? '' })),
    );
    expect(writes.length).toBeGreaterThan(100);
    expect(writes.filter((w) => !w.description.includes('Allowed:')).map((w) => w.route)).toEqual([]);
    const of = (route: string) => writes.find((w) => w.route === route)!.description;
    expect(of('PATCH /api/v1/catalog/components/{id}')).toMatch(/^Allowed: admins and members of the owning team/);
    expect(of('DELETE /api/v1/catalog/components/{id}')).toBe('Allowed: admins and maintainers of the owning team.');
    expect(of('PATCH /api/v1/teams/{id}/members/{userId}')).toMatch(/the team's maintainers/);
    expect(of('PATCH /api/v1/incidents/{id}/status')).toMatch(/commander/);
    expect(of('POST /api/v1/teams')).toBe('Allowed: admins.');
  });
});
