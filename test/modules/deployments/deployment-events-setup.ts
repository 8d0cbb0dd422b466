import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';
import { recordEvents } from '../../helpers/events.js';
import { insertComponent } from '../../helpers/rows.js';

/** POST /api/v1/deployments/events (issue 32, decisions 860–861): deployments reported from outside Hangar. */
export let t: TestApp;
export let admin: string;
export let user: { id: string; token: string };
export let component: { id: string; name: string };
export let environmentId: string;
export let envName: string;
// Made per test file: the module is shared between the files of a worker (isolate: false).
export let rec: ReturnType<typeof recordEvents>;

export const send = (body: Record<string, unknown>, token: string | null = user.token, org?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/deployments/events',
    headers: { ...(token ? bearer(token) : {}), ...(org ? { 'x-organization-id': org } : {}) },
    payload: body,
  });
export const event = (over: Record<string, unknown> = {}) => ({
  source: 'github-actions',
  externalId: uniq('run'),
  component: `component:default/${component.name}`,
  environment: envName,
  version: '2.4.1',
  revision: '9fceb02d0ae598e95dc970b74767f19372d61af8',
  status: 'started',
  url: 'https://ci.example/run/123',
  ...over,
});

export async function newOrganization(token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: bearer(token),
    payload: { name: uniq('Org'), slug: uniq('org').toLowerCase() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

export async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The setup shared by the files split from deployment-events.test.ts (decision 1126): call at the top of each. */
export function useDeploymentEventsApp(): void {
  rec = recordEvents();
  beforeAll(async () => {
    // The sweep every second: a rollback reported while the first ingest still runs is picked up.
    t = await buildTestApp({ DORA_SWEEP_MS: '1000' }, undefined, undefined, { events: rec.wrap });
    admin = await t.adminToken();
    user = await t.newUser('deployer');
    component = await insertComponent(t.database.db, { name: uniq('payments') });
    envName = uniq('Production');
    const env = await t.app.inject({
      method: 'POST',
      url: '/api/v1/environments',
      headers: bearer(admin),
      payload: { name: envName, type: 'production' },
    });
    expect(env.statusCode, env.body).toBe(201);
    environmentId = env.json().id;
  });
  afterAll(async () => {
    await t?.close();
  });
}
