import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';
import { waitForRun, workDir } from '../pipelines/helpers.js';

/**
 * The pipelines row of the decision table (decisions 959, 960), from the outside: a pipeline of an
 * entity is created, edited, triggered and cancelled by the owning team's members, and its runs are
 * approved by them but not by who triggered the run; a pipeline of no entity keeps the interface
 * documents' answers. Asked by the same six callers as test/modules/permissions/permissions.test.ts.
 */
type Persona = 'admin' | 'maintainer' | 'member' | 'otherTeam' | 'plain' | 'foreign';
const PERSONAS: Persona[] = ['admin', 'maintainer', 'member', 'otherTeam', 'plain', 'foreign'];

let t: TestApp;
const tokens = {} as Record<Persona, string>;
const ids = {} as Record<Persona, string>;
let teamA: string;
let teamB: string;
let orgA: string;
const base = '/api/v1/pipelines';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: Persona, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(tokens[who]), ...(who === 'foreign' || !orgA ? {} : { 'x-organization-id': orgA }) },
    ...(payload ? { payload } : {}),
  });
async function created(res: Promise<LightMyRequestResponse>): Promise<string> {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json().id as string;
}
const GATE = { id: 'gate', name: 'Gate', type: 'approval', config: {} };
const entityOf = (teamId: string | null) =>
  created(
    call('admin', 'POST', '/api/v1/catalog/components', {
      name: uniq('svc'),
      kind: 'service',
      ...(teamId ? { teamId } : { owner: uniq('nobody') }),
    }),
  );
const pipelineOf = async (componentId: string | null) =>
  created(call('admin', 'POST', base, { name: uniq('pipe'), stages: [GATE], organizationId: orgA, componentId }));
/** A run of a fresh pipeline, waiting at its approval stage; `by` triggered it. */
async function waitingRun(componentId: string | null, by: Persona = 'admin') {
  const pipeline = await pipelineOf(componentId);
  const run = await created(call(by, 'POST', `${base}/${pipeline}/trigger`));
  expect((await waitForRun(t, tokens.admin, pipeline, run, ['waiting_approval', 'failed'])).status).toBe(
    'waiting_approval',
  );
  return { pipeline, run };
}

beforeAll(async () => {
  t = await buildTestApp({ PIPELINE_WORK_DIR: workDir() });
  tokens.admin = await t.adminToken();
  ids.admin = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(tokens.admin) })).json().id;
  for (const p of PERSONAS.filter((p) => p !== 'admin')) {
    const user = await t.newUser(`perm-pipe-${p}`);
    tokens[p] = user.token;
    ids[p] = user.id;
  }
  const org = () => created(call('admin', 'POST', '/api/v1/organizations', { name: uniq('Org'), slug: uniq('org') }));
  orgA = await org();
  const orgB = await org();
  for (const p of ['maintainer', 'member', 'otherTeam', 'plain'] as const) {
    await created(call('admin', 'POST', `/api/v1/organizations/${orgA}/members`, { userId: ids[p], role: 'member' }));
  }
  await created(
    call('admin', 'POST', `/api/v1/organizations/${orgB}/members`, { userId: ids.foreign, role: 'member' }),
  );
  const team = () => created(call('admin', 'POST', '/api/v1/teams', { name: uniq('team'), type: 'dev' }));
  teamA = await team();
  teamB = await team();
  const join = (teamId: string, who: Persona, role: string) =>
    created(call('admin', 'POST', `/api/v1/teams/${teamId}/members/${ids[who]}`, { role }));
  await join(teamA, 'maintainer', 'maintainer');
  await join(teamA, 'member', 'member');
  await join(teamB, 'otherTeam', 'maintainer');
}, 180_000);
afterAll(() => t.close());

const answers = (
  admin: number,
  maintainer: number,
  member: number,
  otherTeam: number,
  plain: number,
  foreign: number,
) => ({
  admin,
  maintainer,
  member,
  otherTeam,
  plain,
  foreign,
});

const ROWS: { row: string; ask(who: Persona): Promise<LightMyRequestResponse>; expected: Record<Persona, number> }[] = [
  {
    row: 'create a pipeline of an entity: members of the owning team',
    ask: async (who) =>
      call(who, 'POST', base, { name: uniq('new'), stages: [GATE], componentId: await entityOf(teamA) }),
    expected: answers(201, 201, 201, 403, 403, 403),
  },
  {
    row: 'edit a pipeline of an entity: members of the owning team (walls of organizations first)',
    ask: async (who) =>
      call(who, 'PATCH', `${base}/${await pipelineOf(await entityOf(teamA))}`, { description: 'better words' }),
    expected: answers(200, 200, 200, 403, 403, 404),
  },
  {
    row: 'delete a pipeline of an entity: members of the owning team',
    ask: async (who) => call(who, 'DELETE', `${base}/${await pipelineOf(await entityOf(teamA))}`),
    expected: answers(204, 204, 204, 403, 403, 404),
  },
  {
    row: 'trigger a pipeline of an entity: members of the owning team',
    ask: async (who) => call(who, 'POST', `${base}/${await pipelineOf(await entityOf(teamA))}/trigger`),
    expected: answers(201, 201, 201, 403, 403, 404),
  },
  {
    row: 'cancel a run of a pipeline of an entity: members of the owning team',
    ask: async (who) => {
      const { pipeline, run } = await waitingRun(await entityOf(teamA));
      return call(who, 'POST', `${base}/${pipeline}/runs/${run}/cancel`);
    },
    expected: answers(200, 200, 200, 403, 403, 404),
  },
  {
    row: 'approve the approval stage of a pipeline of an entity: members of the owning team',
    ask: async (who) => {
      const { pipeline, run } = await waitingRun(await entityOf(teamA));
      return call(who, 'POST', `${base}/${pipeline}/runs/${run}/approve`);
    },
    expected: answers(200, 200, 200, 403, 403, 404),
  },
  {
    row: 'a pipeline of no entity: anyone edits and triggers, as the interface documents say',
    ask: async (who) => call(who, 'POST', `${base}/${await pipelineOf(null)}/trigger`),
    expected: answers(201, 201, 201, 201, 201, 404),
  },
  {
    row: 'a pipeline of no entity: admins approve, as the interface documents say',
    ask: async (who) => {
      const { pipeline, run } = await waitingRun(null);
      return call(who, 'POST', `${base}/${pipeline}/runs/${run}/approve`);
    },
    expected: answers(200, 403, 403, 403, 403, 404),
  },
  {
    row: 'a pipeline of an entity whose owner names no known team: admins only',
    ask: async (who) => call(who, 'POST', `${base}/${await pipelineOf(await entityOf(null))}/trigger`),
    expected: answers(201, 403, 403, 403, 403, 404),
  },
];

describe.each(ROWS)('$row', ({ ask, expected }) => {
  it.each(PERSONAS)('%s', async (who) => {
    const res = await ask(who);
    expect(res.statusCode, res.body).toBe(expected[who]);
    if (res.statusCode === 403) expect(res.json().message).toMatch(/admins|may not approve/);
  });
});

describe('pipelines of an entity', () => {
  it('who triggered a run may not approve it; another member of the team may; the admin always may', async () => {
    const entity = await entityOf(teamA);
    const mine = await waitingRun(entity, 'member');
    expect(
      expectError(await call('member', 'POST', `${base}/${mine.pipeline}/runs/${mine.run}/approve`), 403).message,
    ).toMatch(/triggered/);
    expect((await call('maintainer', 'POST', `${base}/${mine.pipeline}/runs/${mine.run}/approve`)).statusCode).toBe(
      200,
    );
    const admins = await waitingRun(entity, 'admin');
    expect((await call('admin', 'POST', `${base}/${admins.pipeline}/runs/${admins.run}/approve`)).statusCode).toBe(200);
  });

  it('carry componentId; moving one to another team takes that team too; an unknown entity is a 400', async () => {
    const pipeline = await pipelineOf(await entityOf(teamA));
    const theirs = await entityOf(teamB);
    expect((await call('admin', 'GET', `${base}/${pipeline}`)).json().componentId).toEqual(expect.any(String));
    expectError(await call('member', 'PATCH', `${base}/${pipeline}`, { componentId: theirs }), 403);
    expect((await call('member', 'PATCH', `${base}/${pipeline}`, { componentId: null })).json().componentId).toBeNull();
    expectError(await call('admin', 'POST', base, { name: uniq('ghost'), componentId: crypto.randomUUID() }), 400);
  });

  it('the check endpoint answers pipeline actions', async () => {
    const pipeline = await pipelineOf(await entityOf(teamA));
    const res = await call('member', 'POST', '/api/v1/permissions/check', {
      checks: [
        { action: 'pipeline.write', resourceId: pipeline },
        { action: 'pipeline.approve', resourceId: pipeline },
      ],
    });
    expect(res.json().results).toEqual([
      { allowed: true, reason: 'member of the owning team' },
      { allowed: true, reason: 'member of the owning team' },
    ]);
    expect(
      (
        await call('plain', 'POST', '/api/v1/permissions/check', {
          checks: [{ action: 'pipeline.write', resourceId: pipeline }],
        })
      ).json().results[0].allowed,
    ).toBe(false);
  });
});
