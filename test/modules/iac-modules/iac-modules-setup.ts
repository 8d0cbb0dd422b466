import { afterAll, beforeAll, expect } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';

export let t: TestApp;
export let auth: Record<string, string>;
export const base = '/api/v1/iac-modules';
export const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = auth) =>
  t.app.inject({ method, url, payload, headers });
export const newComponent = async () => {
  const [row] = await t.database.db
    .insert(components)
    .values({ name: uniq('comp'), kind: 'service' })
    .returning();
  return row!.id;
};
export const create = async (over: object = {}) => {
  const res = await req('POST', base, {
    name: uniq('mod'),
    provider: 'cloud_a',
    sourceRepoUrl: 'https://git.example.test/mods/vpc.git',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};

/** The setup shared by the files split from iac-modules.test.ts (decision 1126): call at the top of each. */
export function useIacModulesApp(): void {
  beforeAll(async () => {
    t = await buildTestApp();
    auth = bearer((await t.newUser('iacm')).token);
  });
  afterAll(() => t.close());
}
