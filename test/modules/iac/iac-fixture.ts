import { afterAll, beforeAll } from 'vitest';
import { components } from '../../../src/db/schema/index.js';
import { bearer, buildTestApp, createTestDatabase, uniq, type TestApp } from '../../helpers/app.js';

export const TOKEN = 'a'.repeat(64);
export let db: Awaited<ReturnType<typeof createTestDatabase>>;
export let t: TestApp;
export let noToken: TestApp;
export let jwt: string;

/** The iac app with the ingestion token and one without it, over one database, for the calling file. */
export function useIacApps() {
  beforeAll(async () => {
    db = await createTestDatabase();
    t = await buildTestApp({ IAC_INGEST_TOKEN: TOKEN }, db);
    noToken = await buildTestApp({}, db);
    jwt = (await t.newUser('iac')).token;
  });
  afterAll(async () => {
    await noToken?.close();
    await t?.close();
    await db?.drop();
  });
}

export const ingest = (url: string, payload: object, headers: Record<string, string> = bearer(TOKEN)) =>
  t.app.inject({ method: 'POST', url, payload, headers });
export const get = (url: string, token = jwt) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
export const run = (payload: object) => ingest('/api/v1/iac/runs/ingest', payload);
export const importStacks = (stacks: object[]) => ingest('/api/v1/iac/stacks/import', { stacks });
export const newComponent = async () =>
  (
    await t.database.db
      .insert(components)
      .values({ name: uniq('comp'), kind: 'service' })
      .returning()
  )[0]!.id;
export const stackByName = async (name: string, environment: string) => {
  const list = (await get(`/api/v1/iac/stacks?environment=${environment}`)).json() as any[];
  return list.find((s) => s.name === name);
};
