import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpWebhookTransport } from '../../../src/integrations/webhook-receivers/webhook-receivers.adapter.js';
import { RETRY_SCHEDULE_MS } from '../../../src/modules/webhooks/webhooks.delivery.js';
import { webhooksRepository } from '../../../src/modules/webhooks/webhooks.repository.js';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';

/**
 * Delivery-time rules (decisions 1040–1043) on the real HTTP adapter: private networks are refused
 * (only the receiver's literal 127.0.0.1 is listed), a name is resolved by an injected resolver that
 * can change its answer, attempts time out after WEBHOOK_TIMEOUT_MS.
 */
const TIMEOUT_MS = 1_000;
const SCALE = 0.01;
let rebound = false;
const resolver = async (host: string) =>
  host === 'hooks.example.test' ? [rebound ? '127.0.0.1' : '93.184.215.14'] : [];

const hits: string[] = [];
const server: Server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    hits.push(req.url ?? '/');
    if (req.url === '/hang') return; // never answers
    res.writeHead(req.url === '/fail' ? 500 : 200).end(req.url === '/fail' ? 'x'.repeat(5000) : 'ok');
  });
});
const port = () => (server.address() as AddressInfo).port;

let t: TestApp;
let admin: string;
let org: string;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const rules = { allowedHosts: ['127.0.0.1'], allowKinds: [], setting: 'WEBHOOK_ALLOW_PRIVATE_NETWORKS' };
  t = await buildTestApp({ WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS), WEBHOOK_RETRY_SCALE: String(SCALE) }, undefined, {
    webhookTransport: new HttpWebhookTransport(rules, resolver),
  });
  admin = await t.adminToken();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: bearer(admin),
    payload: { name: 'Hooks', slug: uniq('hk').toLowerCase() },
  });
  org = res.json().id;
});
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const h = (token = admin) => ({ ...bearer(token), 'x-organization-id': org });
async function subscribe(url: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/webhook-subscriptions',
    headers: h(),
    payload: { url, events: ['*'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; secret: string };
}
const ping = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/v1/webhook-subscriptions/${id}/test`, headers: h() });
interface AttemptView {
  attempt: number;
  status: string;
  startedAt: string;
  durationMs: number;
  responseCode: number | null;
  responseBody: string | null;
  error: string | null;
}
interface DeliveryView {
  attemptHistory: AttemptView[];
  status: string;
  attempts: number;
  responseCode: number | null;
  responseBody: string | null;
  durationMs: number | null;
  error: string | null;
  nextAttemptAt: string | null;
  updatedAt: string;
}
const deliveries = async (id: string) =>
  (
    await t.app.inject({ method: 'GET', url: `/api/v1/webhook-subscriptions/${id}/deliveries`, headers: h() })
  ).json() as DeliveryView[];

describe('webhook delivery rules', () => {
  it('a name that resolved public at creation and 127.0.0.1 at delivery is refused, recorded, and never called', async () => {
    rebound = false;
    const sub = await subscribe(`http://hooks.example.test:${port()}/rebind`);
    rebound = true;
    expect((await ping(sub.id)).statusCode).toBe(202);
    await expect
      .poll(async () => (await deliveries(sub.id))[0]?.attempts, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    const [d] = await deliveries(sub.id);
    expect(d).toMatchObject({
      responseCode: null,
      responseBody: null,
      error: expect.stringMatching(/^refused: .*loopback/),
    });
    expect(d!.status).not.toBe('delivered');
    expect(hits).not.toContain('/rebind');
    // Creation refuses the same name now that it resolves privately.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhook-subscriptions',
      headers: h(),
      payload: { url: `http://hooks.example.test:${port()}/x`, events: ['*'] },
    });
    expect(again.statusCode).toBe(400);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/webhook-subscriptions/${sub.id}`,
      headers: h(),
      payload: { active: false },
    });
  });

  it('a receiver that never answers times out after WEBHOOK_TIMEOUT_MS and is retried on the Standard Webhooks schedule', async () => {
    const sub = await subscribe(`http://127.0.0.1:${port()}/hang`);
    await ping(sub.id);
    // The second attempt is due after the schedule's second step (5 min, scaled by WEBHOOK_RETRY_SCALE).
    await expect.poll(async () => (await deliveries(sub.id))[0]?.attempts, { timeout: 15_000 }).toBe(2);
    const [d] = await deliveries(sub.id);
    expect(d).toMatchObject({
      status: 'retrying',
      responseCode: null,
      error: `timed out after ${TIMEOUT_MS / 1000} s`,
    });
    expect(d!.durationMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
    expect(d!.attemptHistory.map((a) => [a.attempt, a.status, a.responseCode, a.error])).toEqual([
      [1, 'failed', null, `timed out after ${TIMEOUT_MS / 1000} s`],
      [2, 'failed', null, `timed out after ${TIMEOUT_MS / 1000} s`],
    ]);
    const gap = new Date(d!.nextAttemptAt!).getTime() - new Date(d!.updatedAt).getTime();
    expect(Math.abs(gap - RETRY_SCHEDULE_MS[1]! * SCALE)).toBeLessThan(250);
    expect(hits.filter((p) => p === '/hang')).toHaveLength(2);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/webhook-subscriptions/${sub.id}`,
      headers: h(),
      payload: { active: false },
    });
  });

  it('deliveries list the attempt: status, duration, response code and the first kilobyte of the response', async () => {
    const sub = await subscribe(`http://127.0.0.1:${port()}/fail`);
    await ping(sub.id);
    await expect
      .poll(async () => (await deliveries(sub.id))[0]?.attempts, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
    const [d] = await deliveries(sub.id);
    expect(d).toMatchObject({ status: 'retrying', responseCode: 500, error: null, responseBody: 'x'.repeat(1024) });
    expect(d!.durationMs).toEqual(expect.any(Number));
    expect(d!.attemptHistory[0]).toMatchObject({ status: 'failed', responseCode: 500, responseBody: 'x'.repeat(1024) });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/webhook-subscriptions/${sub.id}`,
      headers: h(),
      payload: { active: false },
    });
  });

  it("five days of failures disable the subscription and notify the organization's owners and admins only", async () => {
    const orgAdmin = await t.newUser('hkadmin');
    const member = await t.newUser('hkmember');
    for (const [user, role] of [
      [orgAdmin, 'admin'],
      [member, 'member'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/organizations/${org}/members`,
        headers: bearer(admin),
        payload: { userId: user.id, role },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const sub = await subscribe(`http://127.0.0.1:${port()}/fail`);
    await webhooksRepository.update(t.database.db, sub.id, {
      failingSince: new Date(Date.now() - 5 * 86_400_000 - 60_000),
    });
    await ping(sub.id);
    const get = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/webhook-subscriptions/${sub.id}`, headers: h() })).json();
    await expect.poll(async () => (await get()).active, { timeout: 10_000 }).toBe(false);
    expect((await get()).disabledReason).toBe('every delivery failed for 5 days');
    const notes = async (token: string) =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: bearer(token) })).json().data as {
          kind: string;
          subjectId: string;
          title: string;
          link: string;
        }[]
      ).filter((n) => n.kind === 'webhook');
    await expect.poll(async () => (await notes(orgAdmin.token)).length, { timeout: 5_000 }).toBe(1);
    expect((await notes(orgAdmin.token))[0]).toMatchObject({
      subjectId: sub.id,
      link: '/admin/webhooks',
      title: 'A webhook subscription was disabled',
    });
    await t.app.hangar.modules.notifications.idle();
    expect(await notes(member.token)).toEqual([]);
  });
});
