import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';

// A receiver whose /dead never answers; every other path answers 204 and is counted.
const hits = new Map<string, number>();
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    hits.set(req.url ?? '/', (hits.get(req.url ?? '/') ?? 0) + 1);
    if (req.url !== '/dead') res.writeHead(204).end();
  });
});
let t: TestApp;
let org: string;

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  // A long timeout: no dead attempt ends (and frees anything) while the burst is measured, however busy the machine.
  t = await buildTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_TIMEOUT_MS: '60000' });
  const admin = await t.adminToken();
  org = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: bearer(admin),
      payload: { name: 'Burst', slug: uniq('burst').toLowerCase() },
    })
  ).json().id;
  for (const path of ['/dead', '/healthy']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhook-subscriptions',
      headers: { ...bearer(admin), 'x-organization-id': org },
      payload: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, events: ['incident.*'] },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('webhook delivery under a burst (decision 1097)', () => {
  it('a dead receiver holds only its own lane: every healthy delivery arrives while its first attempts still hang', async () => {
    const hooks = t.app.hangar.modules.webhooks;
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        hooks.onEvent('incident.created', { id: `burst-${i}` }, { organizationId: org }),
      ),
    );
    await expect.poll(() => hits.get('/healthy') ?? 0, { timeout: 45_000, interval: 100 }).toBe(60);
    // Its four slots (WEBHOOK_SUBSCRIPTION_CONCURRENCY) hang; the other 56 deliveries wait in the queue, not in front of anyone.
    expect(hits.get('/dead')).toBeLessThanOrEqual(4);
  }, 60_000);
});
