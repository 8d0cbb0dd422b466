import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';
import { createComponent } from '../../fakes/components.js';
import { startFakeOpenCost } from '../../fakes/opencost-server.js';

let t: TestApp;
let down: TestApp;
let admin: string;
let user: string;
let oc: Awaited<ReturnType<typeof startFakeOpenCost>>;
const MISSING = '00000000-0000-4000-8000-000000000000';
const a = (total: number) => ({
  cpuCost: total / 2,
  ramCost: total / 4,
  pvCost: total / 8,
  networkCost: total / 8,
  totalCost: total,
});
const names = { web: uniq('web'), api: uniq('api'), shop: uniq('shop') };

beforeAll(async () => {
  oc = await startFakeOpenCost({
    '7d': { 'label:app': { [names.web]: a(40), [names.api]: a(80) }, namespace: { shop: a(20) } },
    '30d': { 'label:app': { [names.web]: a(160) }, namespace: { shop: a(90) } },
  });
  t = await buildTestApp({ COST_URL: oc.url, COST_CURRENCY: 'EUR' });
  down = await buildTestApp({ COST_URL: 'http://127.0.0.1:1' });
  admin = await t.adminToken();
  user = (await t.newUser('cost')).token;
});
afterAll(async () => {
  await t.close();
  await down.close();
  await oc.close();
});

const get = (url: string, tok = user, app = t) => app.app.inject({ url, headers: bearer(tok) });

describe('cost', () => {
  it('available', async () => {
    expect((await get('/api/v1/cost/available')).json()).toEqual({ available: true });
    expect((await get('/api/v1/cost/available', await down.adminToken(), down)).json()).toEqual({ available: false });
  });

  it('actual: label:app by name by default, the annotation otherwise; null without data', async () => {
    const web = await createComponent(t, { name: names.web });
    const res = await get(`/api/v1/cost/components/${web.id}/actual`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      componentId: web.id,
      sevenDay: { cpuCost: 20, memoryCost: 10, pvCost: 5, networkCost: 5, totalCost: 40 },
      thirtyDay: { cpuCost: 80, memoryCost: 40, pvCost: 20, networkCost: 20, totalCost: 160 },
    });
    const shop = await createComponent(t, {
      name: names.shop,
      annotations: { 'hangar.io/cost-aggregate': 'namespace:shop' },
    });
    expect((await get(`/api/v1/cost/components/${shop.id}/actual`)).json()).toMatchObject({
      sevenDay: { totalCost: 20 },
      thirtyDay: { totalCost: 90 },
    });
    const lonely = await createComponent(t);
    expect((await get(`/api/v1/cost/components/${lonely.id}/actual`)).json()).toEqual({
      componentId: lonely.id,
      sevenDay: null,
      thirtyDay: null,
    });
  });

  it('sync (admin) stores 7-day records; history, team and platform summaries', async () => {
    const team = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teams',
      headers: bearer(admin),
      payload: { name: uniq('costteam') },
    });
    expect(team.statusCode).toBe(201);
    const api = await createComponent(t, {
      name: names.api,
      owner: team.json().name,
      annotations: { 'hangar.io/budget-usd': '100' },
    });
    expectError(await t.app.inject({ method: 'POST', url: '/api/v1/cost/sync', headers: bearer(user) }), 403);
    const sync = await t.app.inject({ method: 'POST', url: '/api/v1/cost/sync', headers: bearer(admin) });
    expect(sync.statusCode).toBe(200);
    expect(sync.json()).toEqual({ synced: 3 });
    await t.app.inject({ method: 'POST', url: '/api/v1/cost/sync', headers: bearer(admin) });

    const history = await get(`/api/v1/cost/components/${api.id}/history`);
    expect(history.json()).toHaveLength(2);
    expect(history.json()[0]).toEqual({
      cpuCost: 40,
      memoryCost: 20,
      pvCost: 10,
      networkCost: 10,
      totalCost: 80,
      currency: 'EUR',
      syncedAt: expect.any(String),
    });

    const summary = await get(`/api/v1/cost/teams/${team.json().id}/summary`);
    expect(summary.json()).toEqual({
      teamId: team.json().id,
      totalCost: 80,
      currency: 'EUR',
      components: [{ componentId: api.id, totalCost: 80, window: '7d' }],
    });

    const top = await get('/api/v1/cost/summary?limit=2');
    expect(top.json()).toEqual([
      { componentId: api.id, totalCost: 80, currency: 'EUR', syncedAt: expect.any(String), budgetUsd: 100 },
      {
        componentId: expect.any(String),
        totalCost: 40,
        currency: 'EUR',
        syncedAt: expect.any(String),
        budgetUsd: null,
      },
    ]);
    expect((await get('/api/v1/cost/summary')).json()).toHaveLength(3);
  });

  it('400 / 404 / 401 / 503', async () => {
    expectError(await get('/api/v1/cost/summary?limit=101'), 400);
    expectError(await get('/api/v1/cost/summary?limit=0'), 400);
    expectError(await get('/api/v1/cost/components/nope/actual'), 400);
    expectError(await get(`/api/v1/cost/components/${MISSING}/actual`), 404);
    expectError(await get(`/api/v1/cost/components/${MISSING}/history`), 404);
    expectError(await get(`/api/v1/cost/teams/${MISSING}/summary`), 404);
    expectError(await t.app.inject({ url: '/api/v1/cost/available' }), 401);
    const c = await createComponent(down);
    expectError(await get(`/api/v1/cost/components/${c.id}/actual`, await down.adminToken(), down), 503);
    expectError(
      await down.app.inject({ method: 'POST', url: '/api/v1/cost/sync', headers: bearer(await down.adminToken()) }),
      503,
    );
  });
});
