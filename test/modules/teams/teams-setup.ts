import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';

export let t: TestApp;
export let admin: string;
export let user: Awaited<ReturnType<TestApp['newUser']>>;
export const MISSING = '00000000-0000-4000-8000-000000000000';
export const base = '/api/v1/teams';
export const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

export async function createTeam(extra: object = {}) {
  const res = await req('POST', base, admin, { name: uniq('team'), type: 'dev', ...extra });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; name: string };
}

export async function insertComponents(owner: string | null, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({ name: uniq(`c${i}`), kind: 'service', owner }));
  return t.database.db.insert(components).values(rows).returning();
}
export const teamIdsOf = async (ids: string[]) =>
  Object.fromEntries(
    (
      await t.database.db
        .select({ id: components.id, teamId: components.teamId })
        .from(components)
        .where(inArray(components.id, ids))
    ).map((r) => [r.id, r.teamId]),
  );

/** The setup shared by the files split from teams.test.ts (decision 1126): call at the top of each. */
export function useTeamsApp(): void {
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.adminToken();
    user = await t.newUser('teamuser');
  });
  afterAll(() => t.close());
}
