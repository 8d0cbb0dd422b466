import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';
import { OPENAPI3_YAML, insertComponent } from './fixtures.js';

export let t: TestApp;
export let admin: string;
export let user: string;
export const get = (url: string, token = user) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
export const addConsumer = (specId: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url: `/api/v1/api-specs/${specId}/consumers`, headers: bearer(token), payload });
export const removeConsumer = (specId: string, consumerId: string, token = admin) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/api-specs/${specId}/consumers/${consumerId}`,
    headers: bearer(token),
  });

export async function newSpec(spec = OPENAPI3_YAML, componentId?: string, version = '1.0.0') {
  const owner = componentId ?? (await insertComponent(t)).id;
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/catalog/components/${owner}/api-specs`,
    headers: bearer(admin),
    payload: { name: 'orders', version, spec },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; componentId: string; name: string; version: string };
}

/** The setup shared by the files split from api-specs-consumers.test.ts (decision 1126): call at the top of each. */
export function useConsumersApp(): void {
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.adminToken();
    user = (await t.newUser('consumers')).token;
  });
  afterAll(() => t.close());
}
