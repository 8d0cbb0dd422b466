import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';

export let t: TestApp;
export let admin: string;
export let alice: { id: string; token: string };
export let bob: { id: string; token: string };
export const api = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string | undefined,
  payload?: object,
) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload } : {}) });

export async function dashboard(token: string, payload: object = {}) {
  const res = await api('POST', '/api/v1/dashboards', token, { name: 'Board', ...payload });
  expect(res.statusCode).toBe(201);
  return res.json();
}
export async function widget(dashboardId: string, payload: object = {}) {
  const res = await api('POST', `/api/v1/dashboards/${dashboardId}/widgets`, admin, {
    type: 'alert_summary',
    title: 'Alerts',
    ...payload,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** The setup shared by the files split from dashboards.test.ts (decision 1126): call at the top of each. */
export function useDashboardsApp(): void {
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.adminToken();
    alice = await t.newUser('alice');
    bob = await t.newUser('bob');
  });
  afterAll(() => t.close());
}
