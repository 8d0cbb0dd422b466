import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';
import { OPENAPI3_YAML, insertComponent } from './fixtures.js';

export let t: TestApp;
export let admin: string;
export let user: string;
export const create = (componentId: string, payload: object, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/catalog/components/${componentId}/api-specs`,
    headers: bearer(token),
    payload,
  });
export const patch = (id: string, payload: object, token = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/api-specs/${id}`, headers: bearer(token), payload });
export const get = (url: string, token = user) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

export async function newSpec(spec = OPENAPI3_YAML, extra: object = {}) {
  const c = await insertComponent(t);
  const res = await create(c.id, { name: 'orders', version: '1.0.0', spec, ...extra });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** The setup shared by the files split from api-specs.test.ts (decision 1126): call at the top of each. */
export function useApiSpecsApp(): void {
  beforeAll(async () => {
    // A small spec limit so the 413 cases stay cheap: 1 MiB spec, 2 MiB body.
    t = await buildTestApp({ API_SPEC_MAX_BYTES: String(1_048_576) });
    admin = await t.adminToken();
    user = (await t.newUser('specs')).token;
  });
  afterAll(() => t.close());
}
