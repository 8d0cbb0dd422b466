import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemCaller } from '../../../src/kernel/caller.js';
import { expectError } from '../../helpers/app.js';
import {
  componentId,
  dora,
  get,
  ids,
  orgA,
  orgB,
  outsider,
  owner,
  sha,
  stagingId,
  t,
  teamId,
  useDoraFixture,
  window,
} from './dora-fixture.js';

/** DORA's four keys, their drill-down and the organization walls, against the fixture of dora-fixture.ts. */
useDoraFixture();

describe('the four keys against the hand-computed fixture', () => {
  it('organization scope: frequency, lead time, failure rate ≤ 100%, recovery and their bands', async () => {
    const res = await get(`/api/v1/dora/metrics?${window}`, owner.token, orgA);
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({
      scope: 'organization',
      organizationId: orgA,
      days: 10,
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-11T00:00:00.000Z',
    });
    expect(m.deploymentFrequency).toEqual({
      deployments: 3,
      perDay: 0.3,
      perWeek: expect.closeTo(2.1, 9),
      band: 'high',
    });
    expect(m.changeLeadTime).toMatchObject({ medianSeconds: 19 * 3600, changes: 4, skewedExcluded: 1, band: 'elite' });
    expect(m.changeFailureRate).toEqual({
      rate: 1,
      failedDeployments: 3,
      deployments: 3,
      rolledBack: 1,
      withIncidents: 2,
      band: 'low',
    });
    expect(m.failedDeploymentRecoveryTime).toEqual({
      medianSeconds: 75 * 60,
      recovered: 2,
      unrecovered: 1,
      band: 'high',
    });
    expect(m.band).toBe('low');
    expect(m.bandSource).toMatch(/2024/);
  });

  it('a daily series over every day of the window', async () => {
    const m = (await get(`/api/v1/dora/metrics?${window}`, owner.token, orgA)).json();
    expect(m.series).toHaveLength(10);
    const day = (d: string) => m.series.find((s: { date: string }) => s.date === d);
    expect(day('2026-03-01')).toEqual({
      date: '2026-03-01',
      deployments: 0,
      failedDeployments: 0,
      changes: 0,
      medianLeadSeconds: null,
      medianRecoverySeconds: null,
    });
    expect(day('2026-03-02')).toMatchObject({
      deployments: 1,
      failedDeployments: 1,
      changes: 2,
      medianLeadSeconds: 16 * 3600,
      medianRecoverySeconds: null,
    });
    expect(day('2026-03-03')).toMatchObject({
      deployments: 1,
      failedDeployments: 1,
      changes: 0,
      medianRecoverySeconds: 7200,
    });
    expect(day('2026-03-05')).toMatchObject({
      deployments: 1,
      failedDeployments: 1,
      changes: 2,
      medianLeadSeconds: 24 * 3600,
      medianRecoverySeconds: 1800,
    });
  });

  it('component, team and environment scopes', async () => {
    const comp = (
      await get(`/api/v1/dora/metrics?scope=component&id=${componentId}&${window}`, owner.token, orgA)
    ).json();
    expect(comp.deploymentFrequency.deployments).toBe(3);
    expect(comp.changeFailureRate.rate).toBe(1);
    const team = (await get(`/api/v1/dora/metrics?scope=team&id=${teamId}&${window}`, owner.token, orgA)).json();
    expect(team.changeLeadTime.medianSeconds).toBe(19 * 3600);
    const staging = (
      await get(`/api/v1/dora/metrics?scope=environment&id=${stagingId}&${window}`, owner.token, orgA)
    ).json();
    expect(staging.deploymentFrequency.deployments).toBe(1);
    expect(staging.changeFailureRate).toMatchObject({ rate: 0, failedDeployments: 0 });
    // d4 is the first staging deployment: it ships its own commit s4, committed the same instant.
    expect(staging.changeLeadTime).toMatchObject({ medianSeconds: 0, changes: 1 });
  });

  it('an empty window: zero deployments, no rate, no medians', async () => {
    const m = (await get('/api/v1/dora/metrics?from=2025-01-01&to=2025-01-31', owner.token, orgA)).json();
    expect(m.deploymentFrequency).toMatchObject({ deployments: 0, perDay: 0, band: 'low' });
    expect(m.changeLeadTime).toMatchObject({ medianSeconds: null, changes: 0, band: null });
    expect(m.changeFailureRate).toMatchObject({ rate: null, band: null });
    expect(m.failedDeploymentRecoveryTime).toMatchObject({ medianSeconds: null, band: null });
    expect(m.series).toHaveLength(31);
  });

  it('keysForComponent answers the scorecards the same figures (the last N days up to now)', async () => {
    const [row] = await t.database.db
      .select()
      .from((await import('../../../src/db/schema/index.js')).components)
      .where(eq((await import('../../../src/db/schema/index.js')).components.id, componentId));
    const keys = await dora.keysForComponent(systemCaller({ organizationId: orgA }), `default/${row!.name}`, 366);
    // d0 is inside 366 days too: 4 deployments, 3 failed; leads 6 h, 12 h, 24 h, 26 h, 36 h.
    expect(keys).toMatchObject({
      componentId,
      windowDays: 366,
      changeFailureRate: 0.75,
      changeLeadTimeSeconds: 24 * 3600,
      failedDeploymentRecoveryTimeSeconds: 4500,
    });
    await expect(
      dora.keysForComponent(systemCaller({ organizationId: orgA }), 'component:default/nope-nothing', 30),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      dora.keysForComponent(systemCaller({ organizationId: orgA }), `default/${row!.name}`, 0),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('drill-down: every figure opens onto its records', () => {
  it('deployments, failed deployments with their incidents and recovery', async () => {
    const all = (await get(`/api/v1/dora/drilldown/deployments?${window}`, owner.token, orgA)).json();
    expect(all.total).toBe(3);
    expect(all.data.map((d: { deploymentId: string }) => d.deploymentId)).toEqual([ids.d3, ids.d2, ids.d1]);
    const d1 = all.data.find((d: { deploymentId: string }) => d.deploymentId === ids.d1);
    expect(d1).toMatchObject({
      failed: true,
      incidentIds: expect.any(Array),
      recoverySeconds: null,
      changeCount: 2,
      changesStatus: 'read',
      revision: sha(2),
    });
    expect(d1.incidentIds).toHaveLength(2);
    const d3 = all.data.find((d: { deploymentId: string }) => d.deploymentId === ids.d3);
    expect(d3).toMatchObject({ failed: true, rolledBackAt: '2026-03-05T12:30:00.000Z', recoverySeconds: 1800 });
    const page = (
      await get(`/api/v1/dora/drilldown/deployments?${window}&failed=true&take=2&skip=2`, owner.token, orgA)
    ).json();
    expect(page).toMatchObject({ total: 3, skip: 2, take: 2 });
    expect(page.data).toHaveLength(1);
  });

  it('changes, with the skewed commits apart', async () => {
    const all = (await get(`/api/v1/dora/drilldown/changes?${window}`, owner.token, orgA)).json();
    expect(all.total).toBe(5);
    const skewed = (await get(`/api/v1/dora/drilldown/changes?${window}&skewed=true`, owner.token, orgA)).json();
    expect(skewed.data).toEqual([
      expect.objectContaining({ sha: sha(3), leadSeconds: -7200, skewed: true, deploymentId: ids.d2 }),
    ]);
  });

  it('incidents caused by the deployments of the figure (not the one without a deployment)', async () => {
    const res = (await get(`/api/v1/dora/drilldown/incidents?${window}`, owner.token, orgA)).json();
    expect(res.total).toBe(3);
    expect(new Set(res.data.map((i: { deploymentId: string }) => i.deploymentId))).toEqual(new Set([ids.d1, ids.d2]));
  });
});

describe('organization walls', () => {
  it("another organization's figures and the records without one stay apart; outsiders get 403", async () => {
    const b = (await get(`/api/v1/dora/metrics?${window}`, outsider.token, orgB)).json();
    expect(b.deploymentFrequency.deployments).toBe(1);
    expect(b.changeFailureRate).toMatchObject({ rate: 1, failedDeployments: 1 });
    const none = (await get(`/api/v1/dora/metrics?${window}`, owner.token)).json();
    expect(none).toMatchObject({ organizationId: null, deploymentFrequency: { deployments: 1 } });
    expectError(await get(`/api/v1/dora/metrics?${window}`, outsider.token, orgA), 403);
    expectError(await get(`/api/v1/dora/drilldown/changes?${window}`, outsider.token, orgA), 403);
    expect((await get(`/api/v1/dora/drilldown/incidents?${window}`, outsider.token, orgB)).json().total).toBe(1);
  });
});
