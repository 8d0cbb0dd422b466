import { describe, expect, it, vi } from 'vitest';
import { bearer, expectError } from '../../helpers/app.js';
import {
  t,
  admin,
  user,
  orgA,
  base,
  inOrg,
  levels,
  definition,
  evaluateAll,
  poll,
  useScorecardsApp,
  card,
  full,
  tag,
  team,
  useEvaluationFixture,
} from './scorecards-setup.js';

useScorecardsApp();

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
    expectError(
      await t.app.inject({
        method: 'POST',
        url: base,
        headers: inOrg(admin, orgA),
        payload: { ...definition('x'), levels: [] },
      }),
      400,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: base,
        headers: inOrg(admin, orgA),
        payload: { ...definition('x'), levels: [levels[0], levels[0]] },
      }),
      400,
    );
    expectError(
      await t.app.inject({ method: 'POST', url: base, headers: bearer(user.token), payload: definition('x') }),
      403,
    );
  });

  it('the built-in Production readiness scorecard: one per organization, editable, restored when deleted', async () => {
    const list = async () =>
      (await t.app.inject({ url: base, headers: inOrg(admin, orgA) })).json().data as {
        id: string;
        name: string;
        builtIn: boolean;
        organizationId: string;
      }[];
    const builtin = (await list()).filter((c) => c.builtIn);
    expect(builtin).toHaveLength(1);
    expect(builtin[0]).toMatchObject({ name: 'Production readiness', organizationId: orgA });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${base}/${builtin[0]!.id}`,
      headers: inOrg(admin, orgA),
      payload: { description: 'ours' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ description: 'ours', builtIn: true });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${base}/${builtin[0]!.id}`, headers: inOrg(admin, orgA) }))
        .statusCode,
    ).toBe(204);
    const again = (await list()).filter((c) => c.builtIn);
    expect(again).toHaveLength(1);
    expect(again[0]!.id).not.toBe(builtin[0]!.id);
  });

  it('outside any organization a shared built-in answers, hidden inside an organization that has its own (decision 560)', async () => {
    const shared = async () =>
      (
        (await t.app.inject({ url: base, headers: bearer(admin) })).json().data as {
          id: string;
          builtIn: boolean;
          organizationId: string | null;
        }[]
      ).filter((c) => c.builtIn);
    const first = await shared();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ name: 'Production readiness', organizationId: null });
    // Listing twice, or from two requests at once, never makes a second copy.
    await Promise.all([shared(), shared()]);
    expect(await shared()).toHaveLength(1);
    const inA = (await t.app.inject({ url: base, headers: inOrg(admin, orgA) })).json().data as {
      id: string;
      builtIn: boolean;
    }[];
    expect(inA.filter((c) => c.builtIn).map((c) => c.id)).not.toContain(first[0]!.id);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${base}/${first[0]!.id}`, headers: bearer(admin) })).statusCode,
    ).toBe(204);
    const restored = await shared();
    expect(restored).toHaveLength(1);
    expect(restored[0]!.id).not.toBe(first[0]!.id);
  });
});

describe('evaluation', () => {
  useEvaluationFixture();

  it('levels, scores, rule outcomes, paging and filters by team and level', async () => {
    const res = await t.app.inject({ url: `${base}/${card.id}/results?take=10`, headers: inOrg(user.token, orgA) });
    // The user is no member of orgA yet: 403 on the header.
    expect(res.statusCode).toBe(403);
    const page = (
      await t.app.inject({ url: `${base}/${card.id}/results?take=10`, headers: inOrg(admin, orgA) })
    ).json();
    expect(page.total).toBe(3);
    const byName = Object.fromEntries(
      page.data.map((r: { componentName: string }) => [
        r.componentName.split('-')[0] + '-' + r.componentName.split('-')[1],
        r,
      ]),
    );
    expect(byName['sc-full']).toMatchObject({
      level: 'Gold',
      levelIndex: 2,
      score: 100,
      teamId: team.id,
      rules: { owner: 'pass', described: 'pass', 'no-p1': 'pass' },
    });
    expect(byName['sc-half']).toMatchObject({
      level: 'Bronze',
      levelIndex: 0,
      score: 75,
      rules: { described: 'fail', 'no-p1': 'pass' },
    });
    expect(
      byName['none-' + tag.split('-')[1]] ?? page.data.find((r: { level: string | null }) => r.level === null),
    ).toMatchObject({
      level: null,
      levelIndex: -1,
      score: 25,
    });
    const gold = (
      await t.app.inject({ url: `${base}/${card.id}/results?level=Gold`, headers: inOrg(admin, orgA) })
    ).json();
    expect(gold.data.map((r: { componentId: string }) => r.componentId)).toEqual([full.id]);
    const none = (
      await t.app.inject({ url: `${base}/${card.id}/results?level=none`, headers: inOrg(admin, orgA) })
    ).json();
    expect(none.total).toBe(1);
    const mine = (
      await t.app.inject({ url: `${base}/${card.id}/results?teamId=${team.id}&take=1`, headers: inOrg(admin, orgA) })
    ).json();
    expect(mine).toMatchObject({ total: 2, take: 1 });
    expect(mine.data).toHaveLength(1);
    expectError(
      await t.app.inject({ url: `${base}/${card.id}/results?level=Platinum`, headers: inOrg(admin, orgA) }),
      400,
    );
    expectError(await t.app.inject({ url: `${base}/${card.id}/results?take=101`, headers: inOrg(admin, orgA) }), 400);

    const summary = (
      await t.app.inject({ url: `${base}/teams/${team.id}/summary`, headers: inOrg(admin, orgA) })
    ).json();
    const mineCard = summary.scorecards.find((s: { scorecardId: string }) => s.scorecardId === card.id);
    expect(mineCard).toMatchObject({ total: 2, averageScore: 87.5 });
    expect(mineCard.levels).toEqual([
      { name: null, colour: null, count: 0 },
      { name: 'Bronze', colour: '#b08d57', count: 1 },
      { name: 'Silver', colour: '#a8a9ad', count: 0 },
      { name: 'Gold', colour: '#d4af37', count: 1 },
    ]);
    expectError(
      await t.app.inject({
        url: `${base}/teams/00000000-0000-4000-8000-000000000000/summary`,
        headers: inOrg(admin, orgA),
      }),
      404,
    );
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
    expect(mine.rules.find((r) => r.key === 'no-p1')).toMatchObject({
      outcome: 'fail',
      failureMessage: 'Close the P1',
    });
    expect(mine.rules.find((r) => r.key === 'owner')).toMatchObject({
      outcome: 'pass',
      remediationUrl: 'https://docs.example/owner',
    });
    // Emitted right after the commit that the read above may already see.
    await vi.waitFor(() =>
      expect(emit).toHaveBeenCalledWith(
        'scorecard.level.changed',
        expect.objectContaining({
          scorecardId: card.id,
          componentId: full.id,
          previousLevel: 'Gold',
          level: 'Silver',
          score: 75,
        }),
        { organizationId: orgA },
      ),
    );
    emit.mockRestore();

    const history = (
      await t.app.inject({
        url: `${base}/entities/${full.id}/history?scorecardId=${card.id}`,
        headers: inOrg(admin, orgA),
      })
    ).json();
    expect(history.total).toBe(2);
    expect(history.data.map((h: { level: string }) => h.level)).toEqual(['Silver', 'Gold']);
    expect(new Date(history.data[0].recordedAt) >= new Date(history.data[1].recordedAt)).toBe(true);
    // Evaluating again with nothing changed adds no history.
    await evaluateAll();
    expect(
      (
        await t.app.inject({
          url: `${base}/entities/${full.id}/history?scorecardId=${card.id}`,
          headers: inOrg(admin, orgA),
        })
      ).json().total,
    ).toBe(2);
  });
});
