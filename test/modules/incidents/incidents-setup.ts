import { afterAll, beforeAll, expect } from 'vitest';
import { components, environments } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';

export let t: TestApp;
export let admin: string;
export let user: { id: string; username: string; token: string };
export const api = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string | undefined,
  payload?: object,
) => t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload !== undefined ? { payload } : {}) });

export async function component(kind = 'service') {
  const [row] = await t.database.db
    .insert(components)
    .values({ name: uniq('comp'), kind })
    .returning();
  return row!;
}
export async function environment() {
  const [row] = await t.database.db
    .insert(environments)
    .values({ name: uniq('env'), type: 'staging' })
    .returning();
  return row!;
}
export async function incident(payload: object = {}) {
  const res = await api('POST', '/api/v1/incidents', admin, { title: uniq('Outage'), severity: 'P2', ...payload });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** The setup shared by the files split from incidents.test.ts (decision 1126): call at the top of each. */
export function useIncidentsApp(): void {
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.adminToken();
    user = await t.newUser('inc');
  });
  afterAll(() => t.close());
}
