import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { components, deployments, environments } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let admin: string;
let user: { id: string; token: string };
let board: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
  user = await t.newUser('wd');
  board = (await api('POST', '/api/v1/dashboards', user.token, { name: 'Ops', visibility: 'workspace' })).json().id;
});
afterAll(() => t.close());

function api(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | undefined, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload } : {}),
  });
}
async function dataOf(type: string, config: object = {}, token = user.token) {
  const w = (await api('POST', `/api/v1/dashboards/${board}/widgets`, admin, { type, title: type, config })).json();
  const res = await api('GET', `/api/v1/dashboards/${board}/widgets/${w.id}/data`, token);
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function component(values: { kind?: string; owner?: string } = {}) {
  const [row] = await t.database.db
    .insert(components)
    .values({ name: uniq('svc'), kind: values.kind ?? 'service', owner: values.owner ?? null })
    .returning();
  return row!;
}
async function environment() {
  const [row] = await t.database.db
    .insert(environments)
    .values({ name: uniq('prod'), type: 'production' })
    .returning();
  return row!;
}
async function deploy(componentId: string, environmentId: string, version: string, status: string, at: Date) {
  await t.database.db
    .insert(deployments)
    .values({ componentId, environmentId, version, status, createdAt: at, updatedAt: at });
}
async function incident(payload: object) {
  const res = await api('POST', '/api/v1/incidents', admin, { title: uniq('inc'), ...payload });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('widget data from platform records', () => {
  it('deployment_feed lists the newest deployments with names, honouring limit', async () => {
    const [c, e] = [await component(), await environment()];
    const base = Date.now();
    await deploy(c.id, e.id, '1.0.0', 'succeeded', new Date(base - 3000));
    await deploy(c.id, e.id, '1.1.0', 'failed', new Date(base - 2000));
    await deploy(c.id, e.id, '1.2.0', 'in_progress', new Date(base - 1000));
    const res = await dataOf('deployment_feed', { limit: 2, componentId: c.id });
    expect(res).toMatchObject({ type: 'deployment_feed', sample: false, generatedAt: expect.any(String) });
    expect(res.data.deployments).toHaveLength(2);
    expect(res.data.deployments[0]).toMatchObject({
      componentId: c.id,
      componentName: c.name,
      environmentId: e.id,
      environmentName: e.name,
      version: '1.2.0',
      status: 'in_progress',
    });
    expect(res.data.deployments[1].version).toBe('1.1.0');
    const all = await dataOf('deployment_feed');
    expect(all.data.deployments.length).toBeGreaterThanOrEqual(3);
  });

  it('alert_summary counts open incidents by severity', async () => {
    const before = (await dataOf('alert_summary')).data.openIncidents;
    await incident({ severity: 'P1' });
    await incident({ severity: 'P1' });
    await incident({ severity: 'P3' });
    const resolved = await incident({ severity: 'P2' });
    await api('PATCH', `/api/v1/incidents/${resolved.id}/status`, admin, { status: 'resolved' });
    const res = await dataOf('alert_summary');
    expect(res.sample).toBe(false);
    expect(res.data.openIncidents).toEqual({
      P1: before.P1 + 2,
      P2: before.P2,
      P3: before.P3 + 1,
      P4: before.P4,
      total: before.total + 3,
    });
  });

  it('team_activity lists recent timeline entries, newest first', async () => {
    const inc = await incident({ severity: 'P4', title: 'Activity' });
    await api('POST', `/api/v1/incidents/${inc.id}/updates`, user.token, { message: 'first note' });
    await api('POST', `/api/v1/incidents/${inc.id}/updates`, user.token, { message: 'second note' });
    const res = await dataOf('team_activity', { limit: 3 });
    expect(res.sample).toBe(false);
    expect(res.data.items.map((i: { message: string }) => i.message)).toEqual([
      'second note',
      'first note',
      'Incident created: Activity',
    ]);
    expect(res.data.items[0]).toMatchObject({
      kind: 'incident_update',
      incidentId: inc.id,
      incidentTitle: 'Activity',
      type: 'update',
      authorId: user.id,
    });
  });

  it('component_health combines the latest deployment and open incidents', async () => {
    const owner = uniq('team');
    const [ok, broken, burning, idle] = [
      await component({ owner }),
      await component({ owner }),
      await component({ owner }),
      await component({ owner }),
    ];
    const other = await component({ owner: 'someone-else', kind: 'website' });
    const e = await environment();
    const base = Date.now();
    await deploy(ok.id, e.id, '1', 'failed', new Date(base - 2000));
    await deploy(ok.id, e.id, '2', 'succeeded', new Date(base - 1000));
    await deploy(broken.id, e.id, '1', 'succeeded', new Date(base - 2000));
    await deploy(broken.id, e.id, '2', 'rolled_back', new Date(base - 1000));
    await deploy(burning.id, e.id, '7', 'succeeded', new Date(base - 1000));
    const inc = await incident({ severity: 'P1', affectedComponentIds: [burning.id] });

    const res = await dataOf('component_health', { owner });
    expect(res.sample).toBe(false);
    const byId = Object.fromEntries(res.data.components.map((c: { id: string }) => [c.id, c]));
    expect(Object.keys(byId).sort()).toEqual([ok.id, broken.id, burning.id, idle.id].sort());
    expect(byId[ok.id]).toMatchObject({
      health: 'healthy',
      affectedByOpenIncident: false,
      latestDeployment: { version: '2', status: 'succeeded', environmentName: e.name },
    });
    expect(byId[broken.id]).toMatchObject({ health: 'degraded', latestDeployment: { status: 'rolled_back' } });
    expect(byId[burning.id]).toMatchObject({
      health: 'incident',
      affectedByOpenIncident: true,
      openIncidentIds: [inc.id],
    });
    expect(byId[idle.id]).toMatchObject({ health: 'unknown', latestDeployment: null });
    expect(res.data.summary).toEqual({ healthy: 1, degraded: 1, deploying: 0, incident: 1, unknown: 1 });

    await api('PATCH', `/api/v1/incidents/${inc.id}/status`, admin, { status: 'resolved' });
    const after = await dataOf('component_health', { componentIds: [burning.id, other.id] });
    expect(after.data.components.map((c: { id: string; health: string }) => [c.id, c.health]).sort()).toEqual(
      [
        [burning.id, 'healthy'],
        [other.id, 'unknown'],
      ].sort(),
    );
    const websites = await dataOf('component_health', { kind: 'website' });
    expect(websites.data.components.map((c: { id: string }) => c.id)).toContain(other.id);
    expect(websites.data.components.every((c: { kind: string }) => c.kind === 'website')).toBe(true);
  });

  it.each(['metric_graph', 'queue_status', 'slo_gauge', 'uptime_chart'])(
    '%s answers sample data marked sample: true',
    async (type) => {
      const res = await dataOf(type);
      expect(res).toMatchObject({ type, sample: true, generatedAt: expect.any(String), data: expect.any(Object) });
      expect(Object.keys(res.data).length).toBeGreaterThan(0);
    },
  );

  it('follows dashboard visibility and widget ownership', async () => {
    const owner = await t.newUser('owner');
    const priv = (await api('POST', '/api/v1/dashboards', owner.token, { name: 'Private' })).json();
    const w = (
      await api('POST', `/api/v1/dashboards/${priv.id}/widgets`, admin, { type: 'alert_summary', title: 'A' })
    ).json();
    expect((await api('GET', `/api/v1/dashboards/${priv.id}/widgets/${w.id}/data`, owner.token)).statusCode).toBe(200);
    expectError(await api('GET', `/api/v1/dashboards/${priv.id}/widgets/${w.id}/data`, user.token), 404);
    expectError(await api('GET', `/api/v1/dashboards/${board}/widgets/${w.id}/data`, user.token), 404);
    expectError(await api('GET', `/api/v1/dashboards/${board}/widgets/${randomUUID()}/data`, user.token), 404);
    expectError(await api('GET', `/api/v1/dashboards/${board}/widgets/nope/data`, user.token), 400);
    expectError(await api('GET', `/api/v1/dashboards/${priv.id}/widgets/${w.id}/data`, undefined), 401);
  });
});
