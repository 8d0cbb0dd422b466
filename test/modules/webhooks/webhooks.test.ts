import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver: each path answers as told (a status, a redirect, or never). */
function receiver(behaviour: (path: string, count: number) => number | 'hang' | 'redirect') {
  const received: Received[] = [];
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const n = (counts.get(path) ?? 0) + 1;
      counts.set(path, n);
      received.push({ path, headers: req.headers, body });
      const how = behaviour(path, n);
      if (how === 'hang') return;
      if (how === 'redirect') return res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
      res.writeHead(how).end(`answer ${how}`);
    });
  });
  return { server, received, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let t: TestApp;
let admin: string;
let org: string;
const rx = receiver((path, n) =>
  path === '/flaky' && n < 3
    ? 500
    : path === '/gone'
      ? 410
      : path === '/dead'
        ? 'hang'
        : path === '/redirect'
          ? 'redirect'
          : 200,
);

beforeAll(async () => {
  await new Promise<void>((r) => rx.server.listen(0, '127.0.0.1', r));
  t = await buildTestApp({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true', WEBHOOK_RETRY_SCALE: '0.001' });
  admin = await t.adminToken();
  org = (
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: bearer(admin),
      payload: { name: 'Hooks', slug: uniq('hooks').toLowerCase() },
    })
  ).json().id;
});
afterAll(async () => {
  await t.close();
  rx.server.closeAllConnections();
  await new Promise((r) => rx.server.close(r));
});

const h = () => ({ ...bearer(admin), 'x-organization-id': org });
async function subscribe(path: string, events = ['catalog.*']) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/webhook-subscriptions',
    headers: h(),
    payload: { url: `${rx.url()}${path}`, events },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string };
}
const deliveries = async (id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v1/webhook-subscriptions/${id}/deliveries`, headers: h() })
  ).json() as {
    id: string;
    messageId: string;
    attemptHistory: { attempt: number; status: string; startedAt: string; durationMs: number }[];
    status: string;
    attempts: number;
    responseCode: number | null;
    responseBody: string | null;
    error: string | null;
  }[];
const at = (path: string) => rx.received.filter((r) => r.path === path);
const verify = (secret: string, r: Received) => new Webhook(secret).verify(r.body, r.headers as Record<string, string>);

describe('outbound webhooks', () => {
  it('creates with a whsec_ secret shown once; a ping arrives signed (verified with standardwebhooks)', async () => {
    const sub = await subscribe('/ok');
    expect(sub.secret).toMatch(/^whsec_/);
    const got = await t.app.inject({ method: 'GET', url: `/api/v1/webhook-subscriptions/${sub.id}`, headers: h() });
    expect(got.body).not.toContain(sub.secret);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/webhook-subscriptions/${sub.id}/test`, headers: h() }))
        .statusCode,
    ).toBe(202);
    await expect.poll(() => at('/ok').length).toBe(1);
    expect(verify(sub.secret, at('/ok')[0]!)).toMatchObject({ type: 'ping' });
    await expect.poll(async () => (await deliveries(sub.id))[0]?.status).toBe('delivered');
  });

  it("delivers a matching event of the subscription's organization only", async () => {
    const sub = await subscribe('/events', ['catalog.*']);
    const hooks = t.app.hangar.modules.webhooks;
    await hooks.onEvent('catalog.entity.updated', { ref: 'component:default/a' }, { organizationId: org });
    await hooks.onEvent('incident.created', { id: 'x' }, { organizationId: org });
    await hooks.onEvent(
      'catalog.entity.updated',
      { ref: 'other-org' },
      { organizationId: '00000000-0000-4000-8000-000000000001' },
    );
    await expect.poll(() => at('/events').length).toBe(1);
    const body = verify(sub.secret, at('/events')[0]!) as { type: string; timestamp: string; data: unknown };
    expect(body).toMatchObject({ type: 'catalog.entity.updated', data: { ref: 'component:default/a' } });
    expect(Object.keys(body).sort()).toEqual(['data', 'timestamp', 'type']);
  });

  it('retries a 500 on the (scaled) schedule until a 2xx', async () => {
    const sub = await subscribe('/flaky');
    await t.app.inject({ method: 'POST', url: `/api/v1/webhook-subscriptions/${sub.id}/test`, headers: h() });
    await expect.poll(async () => (await deliveries(sub.id))[0]?.status, { timeout: 15_000 }).toBe('delivered');
    const [d] = await deliveries(sub.id);
    expect(d).toMatchObject({ attempts: 3, responseCode: 200 });
    expect(new Set(at('/flaky').map((r) => r.headers['webhook-id'])).size).toBe(1);
    // Every attempt is listed, oldest first, with its own code, body and duration (decision 1112).
    expect(d!.attemptHistory).toEqual(
      [500, 500, 200].map((code, i) => ({
        attempt: i + 1,
        status: code === 200 ? 'succeeded' : 'failed',
        startedAt: expect.any(String),
        durationMs: expect.any(Number),
        responseCode: code,
        responseBody: `answer ${code}`,
        error: null,
      })),
    );
    const starts = d!.attemptHistory.map((a) => Date.parse(a.startedAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // A redelivery is a delivery of its own (same webhook-id) with its own attempts.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhook-subscriptions/${sub.id}/deliveries/${d!.id}/redeliver`,
      headers: h(),
    });
    expect(again.statusCode).toBe(202);
    await expect.poll(async () => (await deliveries(sub.id))[0]?.status, { timeout: 15_000 }).toBe('delivered');
    const [redelivered, first] = await deliveries(sub.id);
    expect(redelivered).toMatchObject({ messageId: d!.messageId, attempts: 1 });
    expect(redelivered!.attemptHistory).toMatchObject([{ attempt: 1, status: 'succeeded', responseCode: 200 }]);
    expect(first!.attemptHistory).toHaveLength(3);
  });

  it('410 disables the subscription; a redirect is not followed', async () => {
    const gone = await subscribe('/gone');
    await t.app.inject({ method: 'POST', url: `/api/v1/webhook-subscriptions/${gone.id}/test`, headers: h() });
    await expect
      .poll(
        async () =>
          (await t.app.inject({ method: 'GET', url: `/api/v1/webhook-subscriptions/${gone.id}`, headers: h() })).json()
            .active,
      )
      .toBe(false);
    const moved = await subscribe('/redirect');
    await t.app.inject({ method: 'POST', url: `/api/v1/webhook-subscriptions/${moved.id}/test`, headers: h() });
    await expect.poll(async () => (await deliveries(moved.id))[0]?.responseCode).toBe(302);
    expect((await deliveries(moved.id))[0]!.status).not.toBe('delivered');
    expect(rx.received.some((r) => r.path === '/elsewhere')).toBe(false);
  });

  it('a receiver that never answers does not delay a healthy one', async () => {
    const dead = await subscribe('/dead');
    const healthy = await subscribe('/healthy');
    for (let i = 0; i < 6; i++)
      await t.app.inject({ method: 'POST', url: `/api/v1/webhook-subscriptions/${dead.id}/test`, headers: h() });
    await t.app.inject({ method: 'POST', url: `/api/v1/webhook-subscriptions/${healthy.id}/test`, headers: h() });
    await expect.poll(() => at('/healthy').length, { timeout: 3_000 }).toBe(1);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/webhook-subscriptions/${dead.id}`,
      headers: h(),
      payload: { active: false },
    });
  });

  it('rotation: both signatures verify for 24 hours', async () => {
    const sub = await subscribe('/rotate');
    const rotated = (
      await t.app.inject({ method: 'POST', url: `/api/v1/webhook-subscriptions/${sub.id}/rotate-secret`, headers: h() })
    ).json().secret as string;
    expect(rotated).not.toBe(sub.secret);
    await t.app.inject({ method: 'POST', url: `/api/v1/webhook-subscriptions/${sub.id}/test`, headers: h() });
    await expect.poll(() => at('/rotate').length).toBe(1);
    const r = at('/rotate')[0]!;
    expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(rotated, r)).toMatchObject({ type: 'ping' });
    expect(verify(sub.secret, r)).toMatchObject({ type: 'ping' });
  });

  it('members are refused; other organizations see 404', async () => {
    const user = await t.newUser('hookmem');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/webhook-subscriptions',
      headers: { ...bearer(user.token), 'x-organization-id': org },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('outbound webhooks without private networks', () => {
  it('refuses a loopback or private URL at creation', async () => {
    const strict = await buildTestApp();
    try {
      const token = await strict.adminToken();
      const o = (
        await strict.app.inject({
          method: 'POST',
          url: '/api/v1/organizations',
          headers: bearer(token),
          payload: { name: 'Strict', slug: uniq('strict').toLowerCase() },
        })
      ).json().id;
      for (const url of ['http://127.0.0.1:9/x', 'http://10.0.0.5/x', 'http://169.254.169.254/latest']) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/v1/webhook-subscriptions',
          headers: { ...bearer(token), 'x-organization-id': o },
          payload: { url, events: ['*'] },
        });
        expect(res.statusCode, url).toBe(400);
      }
    } finally {
      await strict.close();
    }
  });
});
