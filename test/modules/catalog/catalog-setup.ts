import { afterAll, beforeAll, expect } from 'vitest';
import { teams } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';

export let t: TestApp;
export let admin: Record<string, string>;
export let user: Record<string, string>;
export const base = '/api/v1/catalog/components';
export const create = (payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: base, payload, headers });
export const patch = (id: string, payload: unknown, headers = admin) =>
  t.app.inject({ method: 'PATCH', url: `${base}/${id}`, payload: payload as object, headers });
export const get = (id: string, headers = user) => t.app.inject({ method: 'GET', url: `${base}/${id}`, headers });
export const list = (query: string, headers = user) =>
  t.app.inject({ method: 'GET', url: `${base}?${query}`, headers });

export async function newTeam(name = uniq('team')) {
  const [row] = await t.database.db.insert(teams).values({ name, type: 'dev' }).returning();
  return row!;
}

export async function created(payload: object) {
  const res = await create(payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The setup shared by the files split from catalog.test.ts (decision 1126): call at the top of each. */
export function useCatalogApp(): void {
  beforeAll(async () => {
    t = await buildTestApp();
    admin = bearer(await t.adminToken());
    user = bearer((await t.newUser('cat')).token);
  });
  afterAll(() => t.close());
}
