import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemCaller } from '../../../src/kernel/caller.js';
import { bearer, expectError, uniq } from '../../helpers/app.js';
import {
  t,
  admin,
  user,
  orgA,
  orgB,
  base,
  inOrg,
  levels,
  useScorecardsApp,
  card,
  full,
  half,
  tag,
  useEvaluationFixture,
} from './scorecards-setup.js';

useScorecardsApp();

describe('evaluation', () => {
  useEvaluationFixture();

  it('exemptions: admins and maintainers of the owning team (docs/modules/permissions.md), waive one rule until they expire', async () => {
    const url = `${base}/${card.id}/exemptions`;
    const body = {
      componentId: half.id,
      ruleKey: 'described',
      reason: 'legacy, retiring in Q3',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    // Walls of organizations first: not a member of the scorecard's organization, so not found.
    expectError(await t.app.inject({ method: 'POST', url, headers: bearer(user.token), payload: body }), 404);
    expectError(
      await t.app.inject({ method: 'POST', url, headers: inOrg(admin, orgA), payload: { ...body, reason: '   ' } }),
      400,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url,
        headers: inOrg(admin, orgA),
        payload: { ...body, expiresAt: new Date(Date.now() - 1000).toISOString() },
      }),
      400,
    );
    expect(
      expectError(
        await t.app.inject({ method: 'POST', url, headers: inOrg(admin, orgA), payload: { ...body, ruleKey: 'nope' } }),
        400,
      ).message,
    ).toMatch(/"nope"/);
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
    expect(
      (await t.app.inject({ url: `${url}?componentId=${half.id}`, headers: inOrg(admin, orgA) })).json(),
    ).toMatchObject({ total: 1 });
    expect(
      (await t.app.inject({ url: `${url}?componentId=${full.id}`, headers: inOrg(admin, orgA) })).json(),
    ).toMatchObject({ total: 0, data: [] });

    // Expired: the rule counts again.
    await t.app.hangar.db.execute(
      sql`UPDATE scorecard_exemptions SET expires_at = now() - interval '1 second' WHERE id = ${created.json().id}`,
    );
    await t.app.hangar.modules.scorecards.evaluateEntities(systemCaller(), [half.id]);
    expect(await level()).toMatchObject({ level: 'Bronze', score: 75 });
    expect((await t.app.inject({ url, headers: inOrg(admin, orgA) })).json().data[0]).toMatchObject({ active: false });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${url}/${created.json().id}`, headers: inOrg(admin, orgA) }))
        .statusCode,
    ).toBe(204);
    expectError(
      await t.app.inject({ method: 'DELETE', url: `${url}/${created.json().id}`, headers: inOrg(admin, orgA) }),
      404,
    );

    // Granted and withdrawn, each recorded in its own transaction in the organization's log (decision 1002).
    const audit = (
      await t.app.inject({ url: '/api/v1/audit?action=scorecards.exemption', headers: inOrg(admin, orgA) })
    ).json();
    // (The second DELETE's 404 leaves a `failed` record too, written after its response: not counted here.)
    const ours = audit.data.filter(
      (r: { resource: { id: string }; outcome: string }) =>
        r.resource.id === created.json().id && r.outcome === 'success',
    );
    expect(ours.map((r: { action: string }) => r.action)).toEqual([
      'scorecards.exemption.withdraw',
      'scorecards.exemption.grant',
    ]);
    expect(ours[1]).toMatchObject({
      outcome: 'success',
      organizationId: orgA,
      changes: { ruleKey: [null, 'described'], reason: [null, body.reason] },
    });
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
        rules: [
          {
            key: 'freq',
            level: 'Bronze',
            condition: { fact: 'dora.deploymentFrequency', operator: 'greaterThan', value: 1 },
          },
        ],
      },
    });
    expect(dora.statusCode).toBe(201);
    await t.app.hangar.modules.scorecards.evaluateScorecard(systemCaller(), dora.json().id);
    const page = (await t.app.inject({ url: `${base}/${dora.json().id}/results`, headers: inOrg(admin, orgA) })).json();
    expect(page.total).toBe(3);
    expect(
      page.data.every(
        (r: { level: string | null; rules: Record<string, string> }) => r.level === null && r.rules.freq === 'fail',
      ),
    ).toBe(true);
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
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${orgA}/members`,
      headers: bearer(admin),
      payload: { userId: user.id, role: 'member' },
    });
    expect((await t.app.inject({ url: `${base}/${card.id}`, headers: bearer(user.token) })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `${base}/${card.id}/results`, headers: inOrg(user.token, orgA) })).json().total,
    ).toBe(3);
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `${base}/${card.id}`,
        headers: inOrg(user.token, orgA),
        payload: { name: 'x' },
      }),
      403,
    );
    expectError(
      await t.app.inject({ url: `${base}/00000000-0000-4000-8000-000000000000`, headers: bearer(admin) }),
      404,
    );
    expectError(
      await t.app.inject({ url: `${base}/entities/00000000-0000-4000-8000-000000000000`, headers: bearer(admin) }),
      404,
    );
    expectError(await t.app.inject({ url: `${base}/not-a-uuid`, headers: bearer(admin) }), 400);
  });
});
