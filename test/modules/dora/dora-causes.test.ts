import { describe, expect, it } from 'vitest';
import { insertComponent } from '../../helpers/rows.js';
import { bearer, expectError } from '../../helpers/app.js';
import {
  admin,
  componentId,
  deploy,
  dora,
  get,
  ids,
  incident,
  orgA,
  owner,
  prodId,
  sha,
  t,
  useDoraFixture,
  window,
} from './dora-fixture.js';
import { systemCaller } from '../../../src/kernel/caller.js';

/** DORA's validation, the incidents' causing deployment and its suggestion, and ingest, against dora-fixture.ts. */
useDoraFixture();

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
    t.app.inject({
      method: 'POST',
      url: '/api/v1/incidents',
      headers: { ...bearer(admin), ...(org ? { 'x-organization-id': org } : {}) },
      payload,
    });

  it('is set by a person: the deployment must exist in the same organization', async () => {
    const ok = await post({ title: 'Checkout down', severity: 'P1', causedByDeploymentId: ids.d3 }, orgA);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().causedByDeploymentId).toBe(ids.d3);
    const other = expectError(await post({ title: 'x', severity: 'P2', causedByDeploymentId: ids.b1 }, orgA), 400);
    expect(other.message).toMatch(/causedByDeploymentId: deployment .* does not exist in this organization/);
    expectError(
      await post({ title: 'x', severity: 'P2', causedByDeploymentId: '00000000-0000-4000-8000-000000000000' }, orgA),
      400,
    );
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
    expect(res.json()).toEqual([
      expect.objectContaining({ deploymentId: ids.d3, minutesBeforeIncident: 60, componentId }),
    ]);
    expect((await get(`/api/v1/dora/incidents/${inc}/suggested-causes`, owner.token)).json()).toEqual([]);
    const late = await incident({ opened: '2026-03-05T15:00:00Z', components: [componentId] });
    expect((await get(`/api/v1/dora/incidents/${late}/suggested-causes`, owner.token, orgA)).json()).toEqual([]);
    expectError(
      await get(`/api/v1/dora/incidents/00000000-0000-4000-8000-000000000000/suggested-causes`, owner.token, orgA),
      404,
    );
  });
});

describe('ingest', () => {
  it('records why a deployment has no changes, and is idempotent', async () => {
    const db = t.database.db;
    const bare = (await insertComponent(db)).id;
    const noRepo = await deploy('nr', {
      org: orgA,
      env: prodId,
      at: '2026-04-01T00:00:00Z',
      revision: sha(5),
      component: bare,
    });
    const noRev = await deploy('nv', { org: orgA, env: prodId, at: '2026-04-02T00:00:00Z', version: 'latest' });
    const unknown = await deploy('nu', {
      org: orgA,
      env: prodId,
      at: '2026-04-03T00:00:00Z',
      revision: 'f'.repeat(40),
    });
    expect(await dora.ingest(systemCaller(), noRepo)).toBe('updated');
    const q = (await get('/api/v1/dora/drilldown/deployments?from=2026-04-01&to=2026-04-03', owner.token, orgA)).json();
    const status = Object.fromEntries(
      q.data.map((d: { deploymentId: string; changesStatus: string }) => [d.deploymentId, d.changesStatus]),
    );
    expect(status).toEqual({ [noRepo]: 'no_repository', [noRev]: 'no_revision', [unknown]: 'failed' });
    const m = (await get('/api/v1/dora/metrics?from=2026-04-01&to=2026-04-03', owner.token, orgA)).json();
    expect(m.changeLeadTime).toMatchObject({
      deploymentsWithoutRepository: 1,
      deploymentsWithoutRevision: 1,
      deploymentsUnreadable: 1,
    });
    const failed = q.data.find((d: { deploymentId: string }) => d.deploymentId === unknown);
    expect(failed.changesError).toMatch(/not in the repository/);
  });
});
