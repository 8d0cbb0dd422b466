import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestDatabase, expectError, uniq, type TestApp } from '../../helpers/app.js';

/**
 * The decision table of docs/modules/permissions.md, row by row, from the outside (decision 951):
 * every row is asked by six callers: an admin, a maintainer and a member of the owning team, a
 * maintainer of another team, a plain user and a member of another organization.
 */
type Persona = 'admin' | 'maintainer' | 'member' | 'otherTeam' | 'plain' | 'foreign';
const PERSONAS: Persona[] = ['admin', 'maintainer', 'member', 'otherTeam', 'plain', 'foreign'];

let t: TestApp;
const queries: string[] = [];
const tokens = {} as Record<Persona, string>;
const ids = {} as Record<Persona, string>;
/** Team A: the owning team (maintainer, member); team B: another team (otherTeam maintains it); team C: maintainer maintains it too. */
let teamA: string;
let teamB: string;
let teamC: string;
let orgA: string;
let card: string;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: Persona | string, method: Method, url: string, payload?: object, org?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(who in tokens ? tokens[who as Persona] : who), ...(org ? { 'x-organization-id': org } : {}) },
    ...(payload ? { payload } : {}),
  });
const asAdmin = (method: Method, url: string, payload?: object, org?: string) => call('admin', method, url, payload, org);
async function created(res: Promise<LightMyRequestResponse>): Promise<string> {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json().id as string;
}

const entityOf = (teamId: string | null, owner?: string) =>
  created(asAdmin('POST', '/api/v1/catalog/components', { name: uniq('svc'), kind: 'service', ...(teamId ? { teamId } : { owner: owner ?? uniq('nobody') }) }));
const SPEC = { openapi: '3.0.3', info: { title: 'Pets', version: '1.0.0' }, paths: {} };
const specOf = async (entity: string) =>
  created(asAdmin('POST', `/api/v1/catalog/components/${entity}/api-specs`, { name: uniq('api'), version: '1', spec: SPEC }));
const incidentOf = async (components: string[], commanderUserId?: string) =>
  created(
    asAdmin('POST', '/api/v1/incidents', {
      title: uniq('down'),
      severity: 'P2',
      affectedComponentIds: components,
      ...(commanderUserId ? { commanderUserId } : {}),
    }),
  );
const exemption = (entity: string) => ({
  componentId: entity,
  ruleKey: 'described',
  reason: 'retiring in Q3',
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
});

beforeAll(async () => {
  t = await buildTestApp({}, await createTestDatabase(undefined, { onQuery: (q) => queries.push(q) }));
  tokens.admin = await t.adminToken();
  ids.admin = (await asAdmin('GET', '/api/v1/auth/me')).json().id;
  for (const p of PERSONAS.filter((p) => p !== 'admin')) {
    const user = await t.newUser(`perm-${p}`);
    tokens[p] = user.token;
    ids[p] = user.id;
  }
  const team = () => created(asAdmin('POST', '/api/v1/teams', { name: uniq('team'), type: 'dev' }));
  [teamA, teamB, teamC] = [await team(), await team(), await team()];
  const join = (teamId: string, who: Persona, role: 'maintainer' | 'member') =>
    created(asAdmin('POST', `/api/v1/teams/${teamId}/members/${ids[who]}`, { role }));
  await join(teamA, 'maintainer', 'maintainer');
  await join(teamA, 'member', 'member');
  await join(teamB, 'otherTeam', 'maintainer');
  await join(teamC, 'maintainer', 'maintainer');
  // The scorecard lives in organization A; `foreign` belongs to organization B only.
  const org = () => created(asAdmin('POST', '/api/v1/organizations', { name: uniq('Org'), slug: uniq('org') }));
  [orgA] = [await org()];
  const orgB = await org();
  for (const p of ['maintainer', 'member', 'otherTeam', 'plain'] as const) {
    await created(asAdmin('POST', `/api/v1/organizations/${orgA}/members`, { userId: ids[p], role: 'member' }));
  }
  await created(asAdmin('POST', `/api/v1/organizations/${orgB}/members`, { userId: ids.foreign, role: 'member' }));
  card = await created(
    asAdmin(
      'POST',
      '/api/v1/scorecards',
      {
        name: uniq('card'),
        filter: { tags: [uniq('perm')] },
        levels: [{ name: 'Bronze', colour: '#b08d57' }],
        rules: [{ key: 'described', level: 'Bronze', condition: { fact: 'description.present', operator: 'equals', value: true } }],
      },
      orgA,
    ),
  );
  // Six sign-ups (argon2id each), two organizations and a scorecard: more than the default hook time on a loaded machine.
}, 180_000);
afterAll(() => t.close());

interface Row {
  row: string;
  /** Prepares fresh resources as the admin, then asks as `who`. */
  ask(who: Persona): Promise<LightMyRequestResponse>;
  expected: Record<Persona, number>;
}
const answers = (admin: number, maintainer: number, member: number, otherTeam: number, plain: number, foreign: number) => ({
  admin,
  maintainer,
  member,
  otherTeam,
  plain,
  foreign,
});

const ROWS: Row[] = [
  {
    row: 'create a catalog entity: a maintainer of the team it names as owner',
    ask: (who) => call(who, 'POST', '/api/v1/catalog/components', { name: uniq('new'), kind: 'service', teamId: teamA }),
    expected: answers(201, 201, 403, 403, 403, 403),
  },
  {
    row: 'update an entity: members of the owning team',
    ask: async (who) => call(who, 'PATCH', `/api/v1/catalog/components/${await entityOf(teamA)}`, { description: 'better words' }),
    expected: answers(200, 200, 200, 403, 403, 403),
  },
  {
    row: 'delete an entity: maintainers of the owning team',
    ask: async (who) => call(who, 'DELETE', `/api/v1/catalog/components/${await entityOf(teamA)}`),
    expected: answers(204, 204, 403, 403, 403, 403),
  },
  {
    row: 'change its owner: maintainers of the owning team and of the new owner',
    ask: async (who) => call(who, 'PATCH', `/api/v1/catalog/components/${await entityOf(teamA)}`, { teamId: teamC }),
    expected: answers(200, 200, 403, 403, 403, 403),
  },
  {
    row: 'change its owner to a team the caller does not maintain',
    ask: async (who) => call(who, 'PATCH', `/api/v1/catalog/components/${await entityOf(teamA)}`, { teamId: teamB }),
    expected: answers(200, 403, 403, 403, 403, 403),
  },
  {
    row: 'register an API spec of an entity: members of the owning team',
    ask: async (who) => call(who, 'POST', `/api/v1/catalog/components/${await entityOf(teamA)}/api-specs`, { name: uniq('api'), version: '1', spec: SPEC }),
    expected: answers(201, 201, 201, 403, 403, 403),
  },
  {
    row: 'update an API spec: members of the owning team',
    ask: async (who) => call(who, 'PATCH', `/api/v1/api-specs/${await specOf(await entityOf(teamA))}`, { status: 'deprecated' }),
    expected: answers(200, 200, 200, 403, 403, 403),
  },
  {
    row: 'delete an API spec: members of the owning team',
    ask: async (who) => call(who, 'DELETE', `/api/v1/api-specs/${await specOf(await entityOf(teamA))}`),
    expected: answers(204, 204, 204, 403, 403, 403),
  },
  {
    row: 'add a consumer to an API spec: members of the owning team',
    ask: async (who) => call(who, 'POST', `/api/v1/api-specs/${await specOf(await entityOf(teamA))}/consumers`, { consumerTeamId: teamB }),
    expected: answers(201, 201, 201, 403, 403, 403),
  },
  {
    row: 'resolve an incident: members of a team owning an affected component',
    ask: async (who) =>
      call(who, 'PATCH', `/api/v1/incidents/${await incidentOf([await entityOf(teamB), await entityOf(teamA)])}/status`, { status: 'resolved' }),
    expected: answers(200, 200, 200, 200, 403, 403),
  },
  {
    row: 'edit an incident: its commander too',
    ask: async (who) => call(who, 'PATCH', `/api/v1/incidents/${await incidentOf([await entityOf(teamA)], ids.plain)}`, { title: 'renamed' }),
    expected: answers(200, 200, 200, 403, 200, 403),
  },
  {
    row: 'write the post-mortem of an incident',
    ask: async (who) => call(who, 'POST', '/api/v1/post-mortems', { incidentId: await incidentOf([await entityOf(teamA)]), rootCause: 'a full disk' }),
    expected: answers(201, 201, 201, 403, 403, 403),
  },
  {
    row: 'grant a scorecard exemption: maintainers of the owning team (walls of organizations first)',
    ask: async (who) => call(who, 'POST', `/api/v1/scorecards/${card}/exemptions`, exemption(await entityOf(teamA)), who === 'foreign' ? undefined : orgA),
    expected: answers(201, 201, 403, 403, 403, 404),
  },
  {
    row: 'withdraw a scorecard exemption: maintainers of the owning team',
    ask: async (who) => {
      const granted = await created(asAdmin('POST', `/api/v1/scorecards/${card}/exemptions`, exemption(await entityOf(teamA)), orgA));
      return call(who, 'DELETE', `/api/v1/scorecards/${card}/exemptions/${granted}`, undefined, who === 'foreign' ? undefined : orgA);
    },
    expected: answers(204, 204, 403, 403, 403, 404),
  },
  {
    row: "manage a team's members: the team's maintainers",
    ask: async (who) => call(who, 'POST', `/api/v1/teams/${teamA}/members/${(await t.newUser('joiner')).id}`),
    expected: answers(201, 201, 403, 403, 403, 403),
  },
  {
    row: 'an entity whose owner names no known team: admins only',
    ask: async (who) => call(who, 'PATCH', `/api/v1/catalog/components/${await entityOf(null)}`, { description: 'x' }),
    expected: answers(200, 403, 403, 403, 403, 403),
  },
];

describe.each(ROWS)('$row', ({ ask, expected }) => {
  it.each(PERSONAS)('%s', async (who) => {
    const res = await ask(who);
    expect(res.statusCode, res.body).toBe(expected[who]);
    // A refusal says why, in the policy's words.
    if (res.statusCode === 403) expect(res.json().message).toMatch(/admins|read-only/);
  });
});

describe('reasons, roles and edge cases', () => {
  it('a 403 names who may do it', async () => {
    const entity = await entityOf(teamA);
    expect(expectError(await call('member', 'DELETE', `/api/v1/catalog/components/${entity}`), 403).message).toBe(
      'Only admins and maintainers of the owning team may delete this entity',
    );
    expect(expectError(await call('plain', 'PATCH', `/api/v1/catalog/components/${await entityOf(null)}`, { title: 'x' }), 403).message).toBe(
      "This entity's owner names no known team: only admins may update this entity",
    );
  });

  it('a renamed team keeps its entities: its members still update them', async () => {
    const team = await created(asAdmin('POST', '/api/v1/teams', { name: uniq('old'), type: 'dev' }));
    await created(asAdmin('POST', `/api/v1/teams/${team}/members/${ids.member}`));
    const entity = await entityOf(team);
    expect((await asAdmin('PATCH', `/api/v1/teams/${team}`, { name: uniq('new') })).statusCode).toBe(200);
    expect((await asAdmin('GET', `/api/v1/catalog/components/${entity}`)).json().teamId).toBe(team);
    expect((await call('member', 'PATCH', `/api/v1/catalog/components/${entity}`, { description: 'still ours' })).statusCode).toBe(200);
  });

  it('roles: POST takes {role}, PATCH changes it; the last maintainer stays unless an admin acts (409)', async () => {
    const team = await created(asAdmin('POST', '/api/v1/teams', { name: uniq('roles'), type: 'dev' }));
    const added = await asAdmin('POST', `/api/v1/teams/${team}/members/${ids.plain}`, { role: 'maintainer' });
    expect(added.json().members).toEqual([expect.objectContaining({ id: ids.plain, teamRole: 'maintainer' })]);
    expectError(await asAdmin('POST', `/api/v1/teams/${team}/members/${ids.member}`, { role: 'owner' }), 400);
    expectError(await asAdmin('PATCH', `/api/v1/teams/${team}/members/${ids.plain}`, {}), 400);
    // The maintainer manages members now; a member added without a role is a member.
    expect((await call('plain', 'POST', `/api/v1/teams/${team}/members/${ids.member}`)).json().members).toContainEqual(
      expect.objectContaining({ id: ids.member, teamRole: 'member' }),
    );
    expect(expectError(await call('plain', 'PATCH', `/api/v1/teams/${team}/members/${ids.plain}`, { role: 'member' }), 409).message).toMatch(/last maintainer/);
    expectError(await call('plain', 'DELETE', `/api/v1/teams/${team}/members/${ids.plain}`), 409);
    expectError(await call('member', 'PATCH', `/api/v1/teams/${team}/members/${ids.member}`, { role: 'maintainer' }), 403);
    expectError(await call('plain', 'PATCH', `/api/v1/teams/${team}/members/${ids.otherTeam}`, { role: 'member' }), 404);
    // Promote another one, then the first may step down; an admin may remove the last.
    expect((await call('plain', 'PATCH', `/api/v1/teams/${team}/members/${ids.member}`, { role: 'maintainer' })).statusCode).toBe(200);
    expect((await call('plain', 'PATCH', `/api/v1/teams/${team}/members/${ids.plain}`, { role: 'member' })).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/v1/teams/${team}/members/${ids.member}`)).statusCode).toBe(204);
  });
});

describe('asking in advance', () => {
  it('entity answers carry permissions for their caller, in lists and single reads', async () => {
    const ours = await entityOf(teamA);
    const theirs = await entityOf(teamB);
    const perms = async (who: Persona, id: string) => (await call(who, 'GET', `/api/v1/catalog/components/${id}`)).json().permissions;
    expect(await perms('maintainer', ours)).toEqual({ update: true, delete: true });
    expect(await perms('member', ours)).toEqual({ update: true, delete: false });
    expect(await perms('maintainer', theirs)).toEqual({ update: false, delete: false });
    expect(await perms('plain', ours)).toEqual({ update: false, delete: false });
    expect(await perms('admin', theirs)).toEqual({ update: true, delete: true });
    const page = async (who: Persona) =>
      new Map(
        ((await call(who, 'GET', `/api/v1/catalog/components?teamId=${teamA}&take=100`)).json().data as { id: string; permissions: object }[]).map((c) => [
          c.id,
          c.permissions,
        ]),
      );
    expect((await page('member')).get(ours)).toEqual({ update: true, delete: false });
    expect((await page('otherTeam')).get(ours)).toEqual({ update: false, delete: false });
  });

  it('POST /permissions/check answers each question with its reason; at most 100, validated', async () => {
    const ours = await entityOf(teamA);
    const incident = await incidentOf([ours]);
    const res = await call('member', 'POST', '/api/v1/permissions/check', {
      checks: [
        { action: 'entity.update', resourceId: ours },
        { action: 'entity.delete', resourceId: ours },
        { action: 'incident.update', resourceId: incident },
        { action: 'team.manageMembers', resourceId: teamA },
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
    expectError(await call('member', 'POST', '/api/v1/permissions/check', { checks: many }), 400);
    expectError(await call('member', 'POST', '/api/v1/permissions/check', { checks: [{ action: 'entity.fly', resourceId: ours }] }), 400);
    expectError(await call('member', 'POST', '/api/v1/permissions/check', { checks: [{ action: 'entity.update', resourceId: 'nope' }] }), 400);
    expectError(await call('member', 'POST', '/api/v1/permissions/check', {}), 400);
  });

  it('the permissions of a page of 50 entities cost one query, whatever the page size', async () => {
    const team = await created(asAdmin('POST', '/api/v1/teams', { name: uniq('page'), type: 'dev' }));
    await created(asAdmin('POST', `/api/v1/teams/${team}/members/${ids.member}`));
    for (let i = 0; i < 50; i++) await entityOf(i % 2 ? team : teamB);
    // Background work (scorecard evaluations, notifications) queries meanwhile: the statements of
    // this request are told apart by their text (the page's select, the policy's membership query).
    const countFor = async (take: number) => {
      // Pages read the caller's memberships through the cache (decision 958): dropped here, so each page pays its one query.
      await t.app.hangar.modules.permissions.membershipsChanged();
      queries.length = 0;
      const res = await call('member', 'GET', `/api/v1/catalog/components?q=svc&take=${take}&sort=name`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toHaveLength(take);
      expect(res.json().data.every((c: { permissions?: object }) => c.permissions)).toBe(true);
      const page = queries.filter((q) => q.startsWith('select') && q.includes('from "components" where "components"."search"') && q.includes('limit'));
      return { page: page.length, policy: queries.filter((q) => q.includes('"team_members" tm')).length };
    };
    await countFor(1); // the total is cached per filter: both pages below read it from the cache
    expect(await countFor(50)).toEqual({ page: 1, policy: 1 });
    expect(await countFor(5)).toEqual({ page: 1, policy: 1 });
  });
});

describe('the OpenAPI document', () => {
  it('names for every write who may call it; the writes of the table name the team rule', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json() as {
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
