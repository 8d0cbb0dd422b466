import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../helpers/app.js';
import { waitUntil } from '../helpers/free-port.js';
import { TEST_REDIS_URL } from '../helpers/test-env.js';
import { createComponent } from '../fakes/components.js';
import { startFakeHarbor } from '../fakes/harbor-server.js';

/** With Redis (a durable queue), a vulnerability sync is queued as a job and done by a worker. */
let t: TestApp;
let harbor: Awaited<ReturnType<typeof startFakeHarbor>>;
beforeAll(async () => {
  harbor = await startFakeHarbor();
  t = await buildTestApp({
    REDIS_URL: TEST_REDIS_URL,
    REGISTRY_TYPE: 'selfhosted',
    REGISTRY_URL: harbor.url,
    REGISTRY_CREDENTIALS: JSON.stringify({ username: 'admin', password: 'Harbor12345' }),
  });
});
afterAll(async () => {
  await t?.close();
  await harbor?.close();
});

describe('registry vulnerability sync through the queue', () => {
  it('answers {queued: true} and the job replaces the findings', async () => {
    const token = await t.adminToken();
    const c = await createComponent(t, { annotations: { 'hangar.io/image': 'library/app:1.0' } });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/registry/components/${c.id}/vulnerabilities/sync`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ queued: true });
    await waitUntil(
      async () => {
        const s = await t.app.inject({
          url: `/api/v1/registry/components/${c.id}/vulnerabilities/summary`,
          headers: bearer(token),
        });
        return s.json().total === 5;
      },
      20_000,
      'the queued sync',
    );
  });
});
