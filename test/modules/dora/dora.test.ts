import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments, environments, incidents, pipelineRuns, pipelines, teams } from '../../../src/db/schema/index.js';
import { systemCaller } from '../../../src/kernel/caller.js';
import type { DoraService } from '../../../src/modules/dora/index.js';
import { FakeGit } from '../../fakes/ports/git.fake.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';
import { insertComponent } from '../../helpers/rows.js';

/**
 * DORA's four keys against a hand-computed fixture (docs/modules/dora.md has the formulas).
 *
 * Component C in organization A, production environment P, staging S; window 2026-03-01 to
 * 2026-03-10 (ten whole UTC days). Commits (committer time): s0 02-27 00:00, s1 03-01 10:00,
 * s2 03-02 06:00, s3 03-03 12:00, s4 03-04 00:00, s5 03-05 00:00.
 *
 * | deployment | env | deployed | revision | changes (lead) | failure |
 * |---|---|---|---|---|---|
 * | d0 | P | 02-28 00:00 | s0 | s0 (1 d) | — (before the window) |
 * | d1 | P | 03-02 12:00 | s2 | s1 (26 h), s2 (6 h) | incidents I3 (resolved) and I4 (open): unrecovered |
 * | d2 | P | 03-03 10:00 | s3 | s3 (−2 h: skewed, excluded, counted) | incident I1 11:00 → 13:00: 2 h |
 * | d3 | P | 03-05 12:00 | s5 | s4 (36 h), s5 (12 h) | rolled back 12:30: 30 min |
 * | d4 | S | 03-04 00:00 | s4 | — | — (staging) |
 * | d5 | P | 03-06 00:00 | — | — | status failed: never a deployment |
 *
 * Expected for A's production: 3 deployments in 10 days (0.3/day: high); 3 failed of 3 (100%,
 * never 4/3 although d1 has two incidents: low); median lead of 6 h, 12 h, 26 h, 36 h = 19 h
 * (elite), 1 skewed; recovery median of 30 min and 2 h = 75 min (high), 1 unrecovered. Incident I2 on
 * C has no deployment and counts nowhere.
 */
let t: TestApp;
let dora: DoraService;
let admin: string;
let owner: { id: string; token: string };
let outsider: { id: string; token: string };
let orgA: string;
let orgB: string;
const git = new FakeGit();
git.hosts.set('git.example', ['93.184.216.34']);
const repoUrl = 'https://git.example/c.git';
const sha = (n: number) => `${n}`.repeat(40).slice(0, 40).replace(/^/, 'a').slice(0, 40);
const at = (iso: string) => new Date(iso);
const ids: Record<string, string> = {};
let componentId: string;
let teamId: string;
let prodId: string;
let stagingId: string;

const get = (url: string, token: string, org?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...(org ? { 'x-organization-id': org } : {}) } });
const window = 'from=2026-03-01&to=2026-03-10';

async function org(token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: bearer(token),
    payload: { name: 'Dora', slug: uniq('dora').toLowerCase() },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

async function deploy(
  name: string,
  o: { org: string | null; env: string; at: string; revision?: string; status?: string; component?: string; version?: string },
) {
  const db = t.database.db;
  let runId: string | null = null;
  if (o.org !== undefined) {
    const [p] = await db
      .insert(pipelines)
      .values({ name: uniq('pl'), organizationId: o.org, createdBy: owner.id })
      .returning();
    const [r] = await db
      .insert(pipelineRuns)
      .values({ pipelineId: p!.id, triggeredBy: owner.id, commitSha: o.revision ?? '0000000' })
      .returning();
    runId = r!.id;
  }
  const [d] = await db
    .insert(deployments)
    .values({
      componentId: o.component ?? componentId,
      environmentId: o.env,
      version: o.version ?? `1.0.${name}`,
      status: o.status ?? 'succeeded',
      pipelineRunId: runId,
      createdAt: new Date(at(o.at).getTime() - 60_000),
      updatedAt: at(o.at),
    })
    .returning();
  ids[name] = d!.id;
  await dora.ingest(d!.id);
  return d!.id;
}

async function incident(o: { opened: string; resolved?: string; causedBy?: string; components?: string[] }) {
  const [row] = await t.database.db
    .insert(incidents)
    .values({
      title: uniq('inc'),
      severity: 'P2',
      status: o.resolved ? 'resolved' : 'open',
      createdAt: at(o.opened),
      resolvedAt: o.resolved ? at(o.resolved) : null,
      causedByDeploymentId: o.causedBy ?? null,
    })
    .returning();
  if (o.components?.length) {
    const { incidentComponents } = await import('../../../src/db/schema/index.js');
    await t.database.db.insert(incidentComponents).values(o.components.map((componentId) => ({ incidentId: row!.id, componentId })));
  }
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp({ DORA_SWEEP_MS: '0', DORA_SUGGEST_WINDOW_MINUTES: '120' }, undefined, { git });
  dora = t.app.hangar.modules.dora;
  admin = await t.adminToken();
  owner = await t.newUser('doraown');
  outsider = await t.newUser('doraout');
  orgA = await org(owner.token);
  orgB = await org(outsider.token);
  const db = t.database.db;
  const [team] = await db
    .insert(teams)
    .values({ name: uniq('team'), type: 'team' })
    .returning();
  teamId = team!.id;
  componentId = (await insertComponent(db, { teamId, annotations: { 'backstage.io/source-location': `url:${repoUrl.replace(/\.git$/, '')}.git/tree/main/` } }))
    .id;
  const [p] = await db
    .insert(environments)
    .values({ name: uniq('prod'), type: 'production' })
    .returning();
  const [s] = await db
    .insert(environments)
    .values({ name: uniq('stage'), type: 'staging' })
    .returning();
  prodId = p!.id;
  stagingId = s!.id;
  git.addCommits(repoUrl, [
    { sha: sha(0), committedAt: '2026-02-27T00:00:00Z' },
    { sha: sha(1), committedAt: '2026-03-01T10:00:00Z' },
    { sha: sha(2), committedAt: '2026-03-02T06:00:00Z' },
    { sha: sha(3), committedAt: '2026-03-03T12:00:00Z' },
    { sha: sha(4), committedAt: '2026-03-04T00:00:00Z' },
    { sha: sha(5), committedAt: '2026-03-05T00:00:00Z' },
  ]);
  await deploy('d0', { org: orgA, env: prodId, at: '2026-02-28T00:00:00Z', revision: sha(0) });
  await deploy('d1', { org: orgA, env: prodId, at: '2026-03-02T12:00:00Z', revision: sha(2) });
  await deploy('d2', { org: orgA, env: prodId, at: '2026-03-03T10:00:00Z', revision: sha(3) });
  await deploy('d4', { org: orgA, env: stagingId, at: '2026-03-04T00:00:00Z', revision: sha(4) });
  await deploy('d3', { org: orgA, env: prodId, at: '2026-03-05T12:00:00Z', revision: sha(5) });
  await deploy('d5', { org: orgA, env: prodId, at: '2026-03-06T00:00:00Z', status: 'failed' });
  // d3 rolled back half an hour later: the ingest job runs again and records it.
  await db
    .update(deployments)
    .set({ status: 'rolled_back', updatedAt: at('2026-03-05T12:30:00Z') })
    .where(eq(deployments.id, ids.d3!));
  await dora.ingest(ids.d3!);
  // Another organization's deployment and one without an organization: behind the walls.
  await deploy('b1', { org: orgB, env: prodId, at: '2026-03-02T00:00:00Z', revision: sha(1) });
  await deploy('n1', { org: null, env: prodId, at: '2026-03-02T00:00:00Z' });
  await incident({ opened: '2026-03-03T11:00:00Z', resolved: '2026-03-03T13:00:00Z', causedBy: ids.d2 });
  await incident({ opened: '2026-03-04T00:00:00Z', resolved: '2026-03-04T05:00:00Z', components: [componentId] }); // I2: no deployment
  await incident({ opened: '2026-03-02T13:00:00Z', resolved: '2026-03-02T15:00:00Z', causedBy: ids.d1 });
  await incident({ opened: '2026-03-02T14:00:00Z', causedBy: ids.d1 });
  await incident({ opened: '2026-03-06T00:00:00Z', resolved: '2026-03-06T01:00:00Z', causedBy: ids.b1 });
});
afterAll(() => t?.close());

describe('the four keys against the hand-computed fixture', () => {
  it('organization scope: frequency, lead time, failure rate ≤ 100%, recovery and their bands', async () => {
    const res = await get(`/api/v1/dora/metrics?${window}`, owner.token, orgA);
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({ scope: 'organization', organizationId: orgA, days: 10, from: '2026-03-01T00:00:00.000Z', to: '2026-03-11T00:00:00.000Z' });
    expect(m.deploymentFrequency).toEqual({ deployments: 3, perDay: 0.3, perWeek: expect.closeTo(2.1, 9), band: 'high' });
    expect(m.changeLeadTime).toMatchObject({ medianSeconds: 19 * 3600, changes: 4, skewedExcluded: 1, band: 'elite' });
    expect(m.changeFailureRate).toEqual({ rate: 1, failedDeployments: 3, deployments: 3, rolledBack: 1, withIncidents: 2, band: 'low' });
    expect(m.failedDeploymentRecoveryTime).toEqual({ medianSeconds: 75 * 60, recovered: 2, unrecovered: 1, band: 'high' });
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
    expect(day('2026-03-02')).toMatchObject({ deployments: 1, failedDeployments: 1, changes: 2, medianLeadSeconds: 16 * 3600, medianRecoverySeconds: null });
    expect(day('2026-03-03')).toMatchObject({ deployments: 1, failedDeployments: 1, changes: 0, medianRecoverySeconds: 7200 });
    expect(day('2026-03-05')).toMatchObject({ deployments: 1, failedDeployments: 1, changes: 2, medianLeadSeconds: 24 * 3600, medianRecoverySeconds: 1800 });
  });

  it('component, team and environment scopes', async () => {
    const comp = (await get(`/api/v1/dora/metrics?scope=component&id=${componentId}&${window}`, owner.token, orgA)).json();
    expect(comp.deploymentFrequency.deployments).toBe(3);
    expect(comp.changeFailureRate.rate).toBe(1);
    const team = (await get(`/api/v1/dora/metrics?scope=team&id=${teamId}&${window}`, owner.token, orgA)).json();
    expect(team.changeLeadTime.medianSeconds).toBe(19 * 3600);
    const staging = (await get(`/api/v1/dora/metrics?scope=environment&id=${stagingId}&${window}`, owner.token, orgA)).json();
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
    await expect(dora.keysForComponent(systemCaller({ organizationId: orgA }), 'component:default/nope-nothing', 30)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(dora.keysForComponent(systemCaller({ organizationId: orgA }), `default/${row!.name}`, 0)).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('drill-down: every figure opens onto its records', () => {
  it('deployments, failed deployments with their incidents and recovery', async () => {
    const all = (await get(`/api/v1/dora/drilldown/deployments?${window}`, owner.token, orgA)).json();
    expect(all.total).toBe(3);
    expect(all.data.map((d: { deploymentId: string }) => d.deploymentId)).toEqual([ids.d3, ids.d2, ids.d1]);
    const d1 = all.data.find((d: { deploymentId: string }) => d.deploymentId === ids.d1);
    expect(d1).toMatchObject({ failed: true, incidentIds: expect.any(Array), recoverySeconds: null, changeCount: 2, changesStatus: 'read', revision: sha(2) });
    expect(d1.incidentIds).toHaveLength(2);
    const d3 = all.data.find((d: { deploymentId: string }) => d.deploymentId === ids.d3);
    expect(d3).toMatchObject({ failed: true, rolledBackAt: '2026-03-05T12:30:00.000Z', recoverySeconds: 1800 });
    const page = (await get(`/api/v1/dora/drilldown/deployments?${window}&failed=true&take=2&skip=2`, owner.token, orgA)).json();
    expect(page).toMatchObject({ total: 3, skip: 2, take: 2 });
    expect(page.data).toHaveLength(1);
  });

  it('changes, with the skewed commits apart', async () => {
    const all = (await get(`/api/v1/dora/drilldown/changes?${window}`, owner.token, orgA)).json();
    expect(all.total).toBe(5);
    const skewed = (await get(`/api/v1/dora/drilldown/changes?${window}&skewed=true`, owner.token, orgA)).json();
    expect(skewed.data).toEqual([expect.objectContaining({ sha: sha(3), leadSeconds: -7200, skewed: true, deploymentId: ids.d2 })]);
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

describe('validation: 400 with words a person understands', () => {
  it.each([
    ['scope=component', /id: is required with scope=component/],
    [`scope=organization&id=${'0'.repeat(8)}-0000-4000-8000-000000000000`, /id: is not used with scope=organization/],
    ['scope=galaxy', /scope/],
    ['from=yesterday', /from: "yesterday" is not a date/],
    ['from=2026-02-30', /from: "2026-02-30" is not a date/],
    ['from=2026-03-10&to=2026-03-01', /from: must be before to/],
    ['from=2024-01-01&to=2026-01-01', /at most 366 days/],
    ['take=1000', /take/],
    ['id=nope&scope=team', /id/],
  ])('%s', async (query, message) => {
    const body = expectError(await get(`/api/v1/dora/metrics?${query}`, owner.token, orgA), 400);
    expect(body.message).toMatch(message);
  });

  it('an unknown component, team or environment is a 404; unknown drill-down flags a 400', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const scope of ['component', 'team', 'environment'])
      expectError(await get(`/api/v1/dora/metrics?scope=${scope}&id=${missing}`, owner.token, orgA), 404);
    expectError(await get(`/api/v1/dora/drilldown/deployments?failed=maybe`, owner.token, orgA), 400);
    expectError(await get(`/api/v1/dora/metrics`, owner.token, 'not-a-uuid'), 400);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/dora/metrics' }), 401);
  });
});

describe('incidents.causedByDeploymentId and the suggestion window', () => {
  const post = (payload: object, org?: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/incidents', headers: { ...bearer(admin), ...(org ? { 'x-organization-id': org } : {}) }, payload });

  it('is set by a person: the deployment must exist in the same organization', async () => {
    const ok = await post({ title: 'Checkout down', severity: 'P1', causedByDeploymentId: ids.d3 }, orgA);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().causedByDeploymentId).toBe(ids.d3);
    const other = expectError(await post({ title: 'x', severity: 'P2', causedByDeploymentId: ids.b1 }, orgA), 400);
    expect(other.message).toMatch(/causedByDeploymentId: deployment .* does not exist in this organization/);
    expectError(await post({ title: 'x', severity: 'P2', causedByDeploymentId: '00000000-0000-4000-8000-000000000000' }, orgA), 400);
    expectError(await post({ title: 'x', severity: 'P2', causedByDeploymentId: ids.d3 }), 400);
    expectError(await post({ title: 'x', severity: 'P2', causedByDeploymentId: 'nope' }, orgA), 400);
    const id = ok.json().id as string;
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/incidents/${id}`,
      headers: { ...bearer(admin), 'x-organization-id': orgA },
      payload: { causedByDeploymentId: null },
    });
    expect(cleared.json().causedByDeploymentId).toBeNull();
    // Linking a deployment makes it a failure at once (d3 already was one: the rate stays 100%).
    const m = (await get(`/api/v1/dora/metrics?${window}`, owner.token, orgA)).json();
    expect(m.changeFailureRate.rate).toBe(1);
  });

  it('is suggested for an incident on the component opening within the window after a deployment', async () => {
    const inc = await incident({ opened: '2026-03-05T13:00:00Z', components: [componentId] });
    const res = await get(`/api/v1/dora/incidents/${inc}/suggested-causes`, owner.token, orgA);
    expect(res.statusCode).toBe(200);
    // 120-minute window: d3 (12:00) is suggested, d2 (two days earlier) is not.
    expect(res.json()).toEqual([expect.objectContaining({ deploymentId: ids.d3, minutesBeforeIncident: 60, componentId })]);
    expect((await get(`/api/v1/dora/incidents/${inc}/suggested-causes`, owner.token)).json()).toEqual([]);
    const late = await incident({ opened: '2026-03-05T15:00:00Z', components: [componentId] });
    expect((await get(`/api/v1/dora/incidents/${late}/suggested-causes`, owner.token, orgA)).json()).toEqual([]);
    expectError(await get(`/api/v1/dora/incidents/00000000-0000-4000-8000-000000000000/suggested-causes`, owner.token, orgA), 404);
  });
});

describe('ingest', () => {
  it('records why a deployment has no changes, and is idempotent', async () => {
    const db = t.database.db;
    const bare = (await insertComponent(db)).id;
    const noRepo = await deploy('nr', { org: orgA, env: prodId, at: '2026-04-01T00:00:00Z', revision: sha(5), component: bare });
    const noRev = await deploy('nv', { org: orgA, env: prodId, at: '2026-04-02T00:00:00Z', version: 'latest' });
    const unknown = await deploy('nu', { org: orgA, env: prodId, at: '2026-04-03T00:00:00Z', revision: 'f'.repeat(40) });
    expect(await dora.ingest(noRepo)).toBe('updated');
    const q = (await get('/api/v1/dora/drilldown/deployments?from=2026-04-01&to=2026-04-03', owner.token, orgA)).json();
    const status = Object.fromEntries(q.data.map((d: { deploymentId: string; changesStatus: string }) => [d.deploymentId, d.changesStatus]));
    expect(status).toEqual({ [noRepo]: 'no_repository', [noRev]: 'no_revision', [unknown]: 'failed' });
    const m = (await get('/api/v1/dora/metrics?from=2026-04-01&to=2026-04-03', owner.token, orgA)).json();
    expect(m.changeLeadTime).toMatchObject({ deploymentsWithoutRepository: 1, deploymentsWithoutRevision: 1, deploymentsUnreadable: 1 });
    const failed = q.data.find((d: { deploymentId: string }) => d.deploymentId === unknown);
    expect(failed.changesError).toMatch(/not in the repository/);
  });
});
