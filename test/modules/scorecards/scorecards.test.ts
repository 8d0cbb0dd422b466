import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemCaller } from '../../../src/kernel/caller.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let admin: string;
let user: { id: string; token: string };
let orgA: string;
let orgB: string;
const base = '/api/v1/scorecards';
const inOrg = (token: string, org: string) => ({ ...bearer(token), 'x-organization-id': org });

const levels = [
  { name: 'Bronze', colour: '#b08d57' },
  { name: 'Silver', colour: '#a8a9ad' },
  { name: 'Gold', colour: '#d4af37' },
];
const definition = (tag: string) => ({
  name: uniq('card'),
  description: 'd',
  filter: { tags: [tag] },
  levels,
  rules: [
    {
      key: 'owner',
      level: 'Bronze',
      weight: 2,
      failureMessage: 'Set an owner',
      remediationUrl: 'https://docs.example/owner',
      condition: { fact: 'owner.set', operator: 'equals', value: true },
    },
    {
      key: 'described',
      level: 'Silver',
      weight: 1,
      condition: {
        all: [
          { fact: 'description.present', operator: 'equals', value: true },
          { fact: 'entity.name', operator: 'matches', value: '^sc-' },
        ],
      },
    },
    { key: 'no-p1', level: 'Gold', weight: 1, failureMessage: 'Close the P1', condition: { fact: 'incidents.open.P1', operator: 'equals', value: 0 } },
  ],
});

async function component(name: string, tag: string, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/catalog/components',
    headers: bearer(admin),
    payload: { name, kind: 'service', lifecycle: 'production', tags: [tag], ...extra },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string; teamId: string | null };
}

const evaluateAll = () => t.app.hangar.modules.scorecards.evaluateAll(systemCaller());

async function poll<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  const until = Date.now() + 10_000;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setImmediate(r));
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
  user = await t.newUser('score');
  const org = async () =>
    (await t.app.inject({ method: 'POST', url: '/api/v1/organizations', headers: bearer(admin), payload: { name: uniq('Org'), slug: uniq('org') } })).json()
      .id as string;
  orgA = await org();
  orgB = await org();
});
afterAll(async () => {
  await t.close();
});

describe('definitions', () => {
  it('refuses unknown facts, operators and levels with a 400 naming them; admins only', async () => {
    const bad = definition('x');
    bad.rules[0]!.condition = { fact: 'owner.famous', operator: 'equals', value: true };
    bad.rules[1]!.condition = { all: [{ fact: 'links.count', operator: 'roughly', value: 1 }] } as never;
    bad.rules[2]!.level = 'Platinum';
    const res = await t.app.inject({ method: 'POST', url: base, headers: inOrg(admin, orgA), payload: bad });
    const body = expectError(res, 400);
    expect(body.message).toMatch(/unknown fact "owner.famous"/);
    expect(body.message).toMatch(/unknown operator "roughly"/);
    expect(body.message).toMatch(/unknown level "Platinum"/);
    expect(body.details).toEqual(
      expect.arrayContaining([
        { field: 'rules.0.condition.fact', problem: 'unknown fact "owner.famous"' },
        { field: 'rules.1.condition.all.0.operator', problem: expect.stringContaining('unknown operator "roughly"') },
      ]),
    );
    expectError(await t.app.inject({ method: 'POST', url: base, headers: inOrg(admin, orgA), payload: { ...definition('x'), levels: [] } }), 400);
    expectError(
      await t.app.inject({ method: 'POST', url: base, headers: inOrg(admin, orgA), payload: { ...definition('x'), levels: [levels[0], levels[0]] } }),
      400,
    );
    expectError(await t.app.inject({ method: 'POST', url: base, headers: bearer(user.token), payload: definition('x') }), 403);
  });

  it('the built-in Production readiness scorecard: one per organization, editable, restored when deleted', async () => {
    const list = async () =>
      (await t.app.inject({ url: base, headers: inOrg(admin, orgA) })).json().data as { id: string; name: string; builtIn: boolean; organizationId: string }[];
    const builtin = (await list()).filter((c) => c.builtIn);
    expect(builtin).toHaveLength(1);
    expect(builtin[0]).toMatchObject({ name: 'Production readiness', organizationId: orgA });
    const patched = await t.app.inject({ method: 'PATCH', url: `${base}/${builtin[0]!.id}`, headers: inOrg(admin, orgA), payload: { description: 'ours' } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ description: 'ours', builtIn: true });
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${builtin[0]!.id}`, headers: inOrg(admin, orgA) })).statusCode).toBe(204);
    const again = (await list()).filter((c) => c.builtIn);
    expect(again).toHaveLength(1);
    expect(again[0]!.id).not.toBe(builtin[0]!.id);
  });

  it('outside any organization a shared built-in answers, hidden inside an organization that has its own (decision 560)', async () => {
    const shared = async () =>
      ((await t.app.inject({ url: base, headers: bearer(admin) })).json().data as { id: string; builtIn: boolean; organizationId: string | null }[]).filter(
        (c) => c.builtIn,
      );
    const first = await shared();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ name: 'Production readiness', organizationId: null });
    // Listing twice, or from two requests at once, never makes a second copy.
    await Promise.all([shared(), shared()]);
    expect(await shared()).toHaveLength(1);
    const inA = (await t.app.inject({ url: base, headers: inOrg(admin, orgA) })).json().data as { id: string; builtIn: boolean }[];
    expect(inA.filter((c) => c.builtIn).map((c) => c.id)).not.toContain(first[0]!.id);
    expect((await t.app.inject({ method: 'DELETE', url: `${base}/${first[0]!.id}`, headers: bearer(admin) })).statusCode).toBe(204);
    const restored = await shared();
    expect(restored).toHaveLength(1);
    expect(restored[0]!.id).not.toBe(first[0]!.id);
  });
});

describe('evaluation', () => {
  const tag = uniq('eval');
  let card: { id: string };
  let full: { id: string };
  let half: { id: string };
  let team: { id: string; name: string };

  beforeAll(async () => {
    team = (await t.app.inject({ method: 'POST', url: '/api/v1/teams', headers: bearer(admin), payload: { name: uniq('team') } })).json();
    full = await component(uniq('sc-full'), tag, { owner: team.name, description: 'a service' });
    half = await component(uniq('sc-half'), tag, { owner: team.name });
    await component(uniq('none'), tag);
    card = (await t.app.inject({ method: 'POST', url: base, headers: inOrg(admin, orgA), payload: definition(tag) })).json();
    await evaluateAll();
  });

  it('levels, scores, rule outcomes, paging and filters by team and level', async () => {
    const res = await t.app.inject({ url: `${base}/${card.id}/results?take=10`, headers: inOrg(user.token, orgA) });
    // The user is no member of orgA yet: 403 on the header.
    expect(res.statusCode).toBe(403);
    const page = (await t.app.inject({ url: `${base}/${card.id}/results?take=10`, headers: inOrg(admin, orgA) })).json();
    expect(page.total).toBe(3);
    const byName = Object.fromEntries(
      page.data.map((r: { componentName: string }) => [r.componentName.split('-')[0] + '-' + r.componentName.split('-')[1], r]),
    );
    expect(byName['sc-full']).toMatchObject({
      level: 'Gold',
      levelIndex: 2,
      score: 100,
      teamId: team.id,
      rules: { owner: 'pass', described: 'pass', 'no-p1': 'pass' },
    });
    expect(byName['sc-half']).toMatchObject({ level: 'Bronze', levelIndex: 0, score: 75, rules: { described: 'fail', 'no-p1': 'pass' } });
    expect(byName['none-' + tag.split('-')[1]] ?? page.data.find((r: { level: string | null }) => r.level === null)).toMatchObject({
      level: null,
      levelIndex: -1,
      score: 25,
    });
    const gold = (await t.app.inject({ url: `${base}/${card.id}/results?level=Gold`, headers: inOrg(admin, orgA) })).json();
    expect(gold.data.map((r: { componentId: string }) => r.componentId)).toEqual([full.id]);
    const none = (await t.app.inject({ url: `${base}/${card.id}/results?level=none`, headers: inOrg(admin, orgA) })).json();
    expect(none.total).toBe(1);
    const mine = (await t.app.inject({ url: `${base}/${card.id}/results?teamId=${team.id}&take=1`, headers: inOrg(admin, orgA) })).json();
    expect(mine).toMatchObject({ total: 2, take: 1 });
    expect(mine.data).toHaveLength(1);
    expectError(await t.app.inject({ url: `${base}/${card.id}/results?level=Platinum`, headers: inOrg(admin, orgA) }), 400);
    expectError(await t.app.inject({ url: `${base}/${card.id}/results?take=101`, headers: inOrg(admin, orgA) }), 400);

    const summary = (await t.app.inject({ url: `${base}/teams/${team.id}/summary`, headers: inOrg(admin, orgA) })).json();
    const mineCard = summary.scorecards.find((s: { scorecardId: string }) => s.scorecardId === card.id);
    expect(mineCard).toMatchObject({ total: 2, averageScore: 87.5 });
    expect(mineCard.levels).toEqual([
      { name: null, colour: null, count: 0 },
      { name: 'Bronze', colour: '#b08d57', count: 1 },
      { name: 'Silver', colour: '#a8a9ad', count: 0 },
      { name: 'Gold', colour: '#d4af37', count: 1 },
    ]);
    expectError(await t.app.inject({ url: `${base}/teams/00000000-0000-4000-8000-000000000000/summary`, headers: inOrg(admin, orgA) }), 404);
  });

  it('an incident re-evaluates its entity, records history and emits scorecard.level.changed to the organization', async () => {
    const emit = vi.spyOn(t.app.hangar.events, 'emit');
    const incident = await t.app.inject({
      method: 'POST',
      url: '/api/v1/incidents',
      headers: bearer(admin),
      payload: { title: 'down', severity: 'P1', affectedComponentIds: [full.id] },
    });
    expect(incident.statusCode).toBe(201);
    const entity = async () =>
      (await t.app.inject({ url: `${base}/entities/${full.id}`, headers: inOrg(admin, orgA) })).json() as {
        scorecardId: string;
        level: string;
        rules: { key: string; outcome: string; failureMessage: string }[];
      }[];
    const after = await poll(entity, (rs) => rs.find((r) => r.scorecardId === card.id)?.level === 'Silver');
    const mine = after.find((r) => r.scorecardId === card.id)!;
    expect(mine).toMatchObject({ level: 'Silver', score: 75 });
    expect(mine.rules.find((r) => r.key === 'no-p1')).toMatchObject({ outcome: 'fail', failureMessage: 'Close the P1' });
    expect(mine.rules.find((r) => r.key === 'owner')).toMatchObject({ outcome: 'pass', remediationUrl: 'https://docs.example/owner' });
    // Emitted right after the commit that the read above may already see.
    await vi.waitFor(() =>
      expect(emit).toHaveBeenCalledWith(
        'scorecard.level.changed',
        expect.objectContaining({ scorecardId: card.id, componentId: full.id, previousLevel: 'Gold', level: 'Silver', score: 75 }),
        { organizationId: orgA },
      ),
    );
    emit.mockRestore();

    const history = (await t.app.inject({ url: `${base}/entities/${full.id}/history?scorecardId=${card.id}`, headers: inOrg(admin, orgA) })).json();
    expect(history.total).toBe(2);
    expect(history.data.map((h: { level: string }) => h.level)).toEqual(['Silver', 'Gold']);
    expect(new Date(history.data[0].recordedAt) >= new Date(history.data[1].recordedAt)).toBe(true);
    // Evaluating again with nothing changed adds no history.
    await evaluateAll();
    expect((await t.app.inject({ url: `${base}/entities/${full.id}/history?scorecardId=${card.id}`, headers: inOrg(admin, orgA) })).json().total).toBe(2);
  });

  it('exemptions: admins and maintainers of the owning team (docs/modules/permissions.md), waive one rule until they expire', async () => {
    const url = `${base}/${card.id}/exemptions`;
    const body = { componentId: half.id, ruleKey: 'described', reason: 'legacy, retiring in Q3', expiresAt: new Date(Date.now() + 86_400_000).toISOString() };
    // Walls of organizations first: not a member of the scorecard's organization, so not found.
    expectError(await t.app.inject({ method: 'POST', url, headers: bearer(user.token), payload: body }), 404);
    expectError(await t.app.inject({ method: 'POST', url, headers: inOrg(admin, orgA), payload: { ...body, reason: '   ' } }), 400);
    expectError(
      await t.app.inject({ method: 'POST', url, headers: inOrg(admin, orgA), payload: { ...body, expiresAt: new Date(Date.now() - 1000).toISOString() } }),
      400,
    );
    expect(expectError(await t.app.inject({ method: 'POST', url, headers: inOrg(admin, orgA), payload: { ...body, ruleKey: 'nope' } }), 400).message).toMatch(
      /"nope"/,
    );
    const created = await t.app.inject({ method: 'POST', url, headers: inOrg(admin, orgA), payload: body });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ ruleKey: 'described', active: true, reason: body.reason });
    const level = async () =>
      (
        (await t.app.inject({ url: `${base}/entities/${half.id}`, headers: inOrg(admin, orgA) })).json() as {
          scorecardId: string;
          level: string;
          score: number;
        }[]
      ).find((r) => r.scorecardId === card.id);
    expect(await level()).toMatchObject({ level: 'Gold', score: 100 });
    expect((await t.app.inject({ url, headers: inOrg(admin, orgA) })).json()).toMatchObject({ total: 1 });
    // One entity's exemptions (the entity page's Scorecards tab, decision 543).
    expect((await t.app.inject({ url: `${url}?componentId=${half.id}`, headers: inOrg(admin, orgA) })).json()).toMatchObject({ total: 1 });
    expect((await t.app.inject({ url: `${url}?componentId=${full.id}`, headers: inOrg(admin, orgA) })).json()).toMatchObject({ total: 0, data: [] });

    // Expired: the rule counts again.
    await t.app.hangar.db.execute(sql`UPDATE scorecard_exemptions SET expires_at = now() - interval '1 second' WHERE id = ${created.json().id}`);
    await t.app.hangar.modules.scorecards.evaluateEntities(systemCaller(), [half.id]);
    expect(await level()).toMatchObject({ level: 'Bronze', score: 75 });
    expect((await t.app.inject({ url, headers: inOrg(admin, orgA) })).json().data[0]).toMatchObject({ active: false });
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${created.json().id}`, headers: inOrg(admin, orgA) })).statusCode).toBe(204);
    expectError(await t.app.inject({ method: 'DELETE', url: `${url}/${created.json().id}`, headers: inOrg(admin, orgA) }), 404);

    // Granted and withdrawn, each recorded in its own transaction in the organization's log (decision 1002).
    const audit = (await t.app.inject({ url: '/api/v1/audit?action=scorecards.exemption', headers: inOrg(admin, orgA) })).json();
    // (The second DELETE's 404 leaves a `failed` record too, written after its response: not counted here.)
    const ours = audit.data.filter((r: { resource: { id: string }; outcome: string }) => r.resource.id === created.json().id && r.outcome === 'success');
    expect(ours.map((r: { action: string }) => r.action)).toEqual(['scorecards.exemption.withdraw', 'scorecards.exemption.grant']);
    expect(ours[1]).toMatchObject({ outcome: 'success', organizationId: orgA, changes: { ruleKey: [null, 'described'], reason: [null, body.reason] } });
    expect(ours[0].changes).toMatchObject({ ruleKey: ['described', null] });
  });

  it('DORA facts come from the DORA module: components never deployed fail a frequency rule (decision 571)', async () => {
    const dora = await t.app.inject({
      method: 'POST',
      url: base,
      headers: inOrg(admin, orgA),
      payload: {
        name: uniq('dora'),
        filter: { tags: [tag] },
        levels: [levels[0]],
        rules: [{ key: 'freq', level: 'Bronze', condition: { fact: 'dora.deploymentFrequency', operator: 'greaterThan', value: 1 } }],
      },
    });
    expect(dora.statusCode).toBe(201);
    await t.app.hangar.modules.scorecards.evaluateScorecard(systemCaller(), dora.json().id);
    const page = (await t.app.inject({ url: `${base}/${dora.json().id}/results`, headers: inOrg(admin, orgA) })).json();
    expect(page.total).toBe(3);
    expect(page.data.every((r: { level: string | null; rules: Record<string, string> }) => r.level === null && r.rules.freq === 'fail')).toBe(true);
  });

  it('organization walls: another organization sees neither the scorecard nor its results', async () => {
    expectError(await t.app.inject({ url: `${base}/${card.id}`, headers: bearer(user.token) }), 404);
    expectError(await t.app.inject({ url: `${base}/${card.id}/results`, headers: bearer(user.token) }), 404);
    expectError(await t.app.inject({ url: `${base}/${card.id}/exemptions`, headers: bearer(user.token) }), 404);
    const inB = (await t.app.inject({ url: base, headers: inOrg(admin, orgB) })).json();
    expect(inB.data.some((c: { id: string }) => c.id === card.id)).toBe(false);
    const entityInB = (await t.app.inject({ url: `${base}/entities/${full.id}`, headers: inOrg(admin, orgB) })).json();
    expect(entityInB.some((r: { scorecardId: string }) => r.scorecardId === card.id)).toBe(false);
    // Members read; a global admin who is not a member reads but does not change it.
    await t.app.inject({ method: 'POST', url: `/api/v1/organizations/${orgA}/members`, headers: bearer(admin), payload: { userId: user.id, role: 'member' } });
    expect((await t.app.inject({ url: `${base}/${card.id}`, headers: bearer(user.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `${base}/${card.id}/results`, headers: inOrg(user.token, orgA) })).json().total).toBe(3);
    expectError(await t.app.inject({ method: 'PATCH', url: `${base}/${card.id}`, headers: inOrg(user.token, orgA), payload: { name: 'x' } }), 403);
    expectError(await t.app.inject({ url: `${base}/00000000-0000-4000-8000-000000000000`, headers: bearer(admin) }), 404);
    expectError(await t.app.inject({ url: `${base}/entities/00000000-0000-4000-8000-000000000000`, headers: bearer(admin) }), 404);
    expectError(await t.app.inject({ url: `${base}/not-a-uuid`, headers: bearer(admin) }), 400);
  });
});
