import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ciRepository, REPLAY_WINDOW_MS } from '../../../src/modules/ci/ci.repository.js';
import type { CiBuildUpdated } from '../../../src/modules/ci/index.js';
import { buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { recordEvents } from '../../helpers/events.js';
import { waitUntil } from '../../helpers/free-port.js';

const SECRET = 'circle-webhook-secret';
const SERVER_TOKEN = 'Zq9-jenkins-hook-token';
const HOSTED_TOKEN = 'Zq9-travis-hook-token';

let t: TestApp;
const recorder = recordEvents();
const sign = (raw: string, secret = SECRET) => `v1=${createHmac('sha256', secret).update(raw).digest('hex')}`;

beforeAll(async () => {
  t = await buildTestApp({ CLOUDCI_WEBHOOK_SECRET: SECRET, SERVERCI_WEBHOOK_TOKEN: SERVER_TOKEN, HOSTEDCI_WEBHOOK_TOKEN: HOSTED_TOKEN }, undefined, undefined, {
    events: recorder.wrap,
  });
});
afterAll(() => t.close());

const builds = () => recorder.named('ci.build.updated').map((e) => e.payload as CiBuildUpdated);
const eventsFor = (id: string) => builds().filter((e) => e.id === id);
async function eventFor(id: string) {
  await waitUntil(async () => eventsFor(id).length > 0, 10_000, `ci.build.updated for ${id}`);
  return eventsFor(id)[0]!;
}

function circlePayload(eventId: string, status: string) {
  return {
    type: 'workflow-completed',
    id: eventId,
    happened_at: '2026-01-01T00:00:00Z',
    webhook: { id: 'wh', name: 'hangar' },
    project: { id: 'p1', name: 'shop', slug: 'gh/acme/shop' },
    organization: { id: 'o1', name: 'acme' },
    workflow: {
      id: `wf-${eventId}`,
      name: 'build-and-test',
      status,
      created_at: '2026-01-01T00:00:00Z',
      stopped_at: '2026-01-01T00:05:00Z',
      url: `https://app.circleci.com/pipelines/gh/acme/shop/1/workflows/wf-${eventId}`,
    },
    pipeline: { id: 'pl1', number: 1 },
  };
}

describe('POST /api/v1/webhooks/cloudci (HMAC over the raw body)', () => {
  it('a valid signature answers 200 at once; the build update is emitted with the mapped status', async () => {
    // Spacing and key order of the raw body matter: the signature is over the bytes as sent.
    const raw = JSON.stringify(circlePayload('evt-1', 'failed'), null, 2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/cloudci',
      headers: { 'content-type': 'application/json', 'cloudci-signature': sign(raw) },
      payload: raw,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, deliveryId: 'id:evt-1' });
    const event = await eventFor('wf-evt-1');
    expect(event).toEqual({
      platform: 'cloudci',
      id: 'wf-evt-1',
      name: 'gh/acme/shop/build-and-test',
      status: 'failed',
      url: 'https://app.circleci.com/pipelines/gh/acme/shop/1/workflows/wf-evt-1',
      receivedAt: expect.any(String),
      platformStatus: 'failed',
    });
    expect(Number.isNaN(Date.parse(event.receivedAt))).toBe(false);
  });

  it('a missing, wrong or re-serialised signature is 401 and nothing is processed', async () => {
    const raw = JSON.stringify(circlePayload('evt-2', 'success'));
    const reordered = JSON.stringify(JSON.parse(raw), null, 1);
    for (const headers of [
      {},
      { 'cloudci-signature': sign(raw, 'other') },
      { 'cloudci-signature': 'v1=zz' },
      { 'cloudci-signature': sign(reordered) },
      { 'cloudci-signature': sign(raw).replace('v1=', 'v0=') },
    ]) {
      expectError(
        await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/cloudci', headers: { 'content-type': 'application/json', ...headers }, payload: raw }),
        401,
      );
    }
    // Even a body that is not JSON is a 401 first.
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/cloudci', headers: { 'content-type': 'application/json' }, payload: '{nope' }),
      401,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(eventsFor('wf-evt-2')).toEqual([]);
  });

  it('accepts one of several comma-separated signatures; a signed non-JSON body is 400', async () => {
    const raw = JSON.stringify(circlePayload('evt-3', 'success'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/cloudci',
      headers: { 'content-type': 'application/json', 'cloudci-signature': `v1=00ff,${sign(raw)}` },
      payload: raw,
    });
    expect(res.statusCode).toBe(200);
    expect((await eventFor('wf-evt-3')).status).toBe('succeeded');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/cloudci',
        headers: { 'content-type': 'application/json', 'cloudci-signature': sign('[1,2') },
        payload: '[1,2',
      }),
      400,
    );
  });

  it("accepts CircleCI's own header name circleci-signature with the same verification", async () => {
    const raw = JSON.stringify(circlePayload('evt-cc', 'success'));
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/cloudci',
      headers: { 'content-type': 'application/json', 'circleci-signature': sign(raw, 'other') },
      payload: raw,
    });
    expectError(bad, 401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/cloudci',
      headers: { 'content-type': 'application/json', 'circleci-signature': sign(raw) },
      payload: raw,
    });
    expect(ok.statusCode).toBe(200);
    expect((await eventFor('wf-evt-cc')).status).toBe('succeeded');
  });

  it('a replayed delivery (same event id) is processed once', async () => {
    const raw = JSON.stringify(circlePayload('evt-4', 'canceled'));
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/cloudci',
        headers: { 'content-type': 'application/json', 'cloudci-signature': sign(raw) },
        payload: raw,
      });
      expect(res.statusCode).toBe(200);
    }
    expect((await eventFor('wf-evt-4')).status).toBe('cancelled');
    await new Promise((r) => setTimeout(r, 500));
    expect(eventsFor('wf-evt-4')).toHaveLength(1);
  });
});

describe('POST /api/v1/webhooks/serverci (shared token)', () => {
  const notification = (number: number, phase: string, status?: string) => ({
    name: 'api',
    display_name: 'api',
    url: 'job/api/',
    build: { full_url: `https://jenkins.example.test/job/api/${number}/`, number, queue_id: 7, phase, status, url: `job/api/${number}/` },
  });

  it('takes the token from X-Webhook-Token or ?token=; maps phase and result', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/serverci',
      headers: { 'x-webhook-token': SERVER_TOKEN },
      payload: notification(12, 'STARTED'),
    });
    expect(started.statusCode).toBe(200);
    expect(await eventFor('api#12')).toMatchObject({ platform: 'serverci', name: 'api', status: 'running', url: 'https://jenkins.example.test/job/api/12/' });
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/serverci?token=${SERVER_TOKEN}`,
      payload: notification(13, 'COMPLETED', 'UNSTABLE'),
    });
    expect(done.statusCode).toBe(200);
    expect(await eventFor('api#13')).toMatchObject({ status: 'failed', platformStatus: 'UNSTABLE' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/serverci',
      headers: { 'x-webhook-token': SERVER_TOKEN },
      payload: notification(14, 'FINALIZED', 'ABORTED'),
    });
    expect((await eventFor('api#14')).status).toBe('cancelled');
  });

  it('a missing or wrong token is 401 (header or query) and nothing is processed', async () => {
    for (const [url, headers] of [
      ['/api/v1/webhooks/serverci', {}],
      ['/api/v1/webhooks/serverci', { 'x-webhook-token': 'wrong' }],
      ['/api/v1/webhooks/serverci?token=wrong', {}],
      [`/api/v1/webhooks/serverci?token=${SERVER_TOKEN}&token=${SERVER_TOKEN}`, {}],
      ['/api/v1/webhooks/serverci', { 'x-webhook-token': HOSTED_TOKEN }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload: notification(99, 'COMPLETED', 'SUCCESS') });
      const err = expectError(res, 401);
      expect(err.path).toBe('/api/v1/webhooks/serverci');
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(eventsFor('api#99')).toEqual([]);
  });

  it('the same body twice without a delivery id is two valid calls: both are processed (DECISIONS: a valid call emits)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/serverci',
        headers: { 'x-webhook-token': SERVER_TOKEN },
        payload: notification(20, 'COMPLETED', 'SUCCESS'),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, deliveryId: null });
    }
    await waitUntil(async () => eventsFor('api#20').length === 2, 10_000, 'both deliveries');
    expect(eventsFor('api#20').map((e) => e.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('a delivery id header makes a replay of it processed once', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/serverci',
        headers: { 'x-webhook-token': SERVER_TOKEN, 'x-delivery-id': 'jenkins-delivery-21' },
        payload: notification(21, 'COMPLETED', 'SUCCESS'),
      });
      expect(res.json()).toEqual({ received: true, deliveryId: 'h:jenkins-delivery-21' });
    }
    await eventFor('api#21');
    await new Promise((r) => setTimeout(r, 300));
    expect(eventsFor('api#21')).toHaveLength(1);
  });

  it('a verified call without a body answers 200 and is processed', async () => {
    const before = builds().filter((e) => e.platform === 'serverci').length;
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/webhooks/serverci?token=${SERVER_TOKEN}` });
    expect(res.statusCode).toBe(200);
    await waitUntil(async () => builds().filter((e) => e.platform === 'serverci').length > before, 10_000, 'bare call');
  });
});

describe('POST /api/v1/webhooks/hostedci (shared token, form body with payload)', () => {
  const travis = (id: number, state: string, statusMessage: string) => ({
    id,
    number: '42',
    state,
    status_message: statusMessage,
    result_message: statusMessage,
    build_url: `https://app.travis-ci.com/github/acme/shop/builds/${id}`,
    repository: { id: 1, name: 'shop', owner_name: 'acme', url: 'https://github.com/acme/shop' },
    branch: 'main',
  });

  it('reads a form-encoded payload field, maps the state', async () => {
    const form = new URLSearchParams({ payload: JSON.stringify(travis(5001, 'errored', 'Errored')) }).toString();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/hostedci',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-webhook-token': HOSTED_TOKEN },
      payload: form,
    });
    expect(res.statusCode).toBe(200);
    expect(await eventFor('5001')).toEqual({
      platform: 'hostedci',
      id: '5001',
      name: 'acme/shop',
      status: 'failed',
      url: 'https://app.travis-ci.com/github/acme/shop/builds/5001',
      receivedAt: expect.any(String),
      platformStatus: 'errored',
    });
    const json = await t.app.inject({ method: 'POST', url: `/api/v1/webhooks/hostedci?token=${HOSTED_TOKEN}`, payload: travis(5002, 'started', 'Pending') });
    expect(json.statusCode).toBe(200);
    expect((await eventFor('5002')).status).toBe('running');
  });

  it('401 without the token; 400 for a verified body that holds no JSON object', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/api/v1/webhooks/hostedci', payload: travis(5003, 'passed', 'Passed') }), 401);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/hostedci',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-webhook-token': HOSTED_TOKEN },
        payload: 'payload=not-json',
      }),
      400,
    );
  });
});

describe('delivery ids', () => {
  it('are remembered for 24 h: a delivery older than that counts as new, and the hourly purge drops it', async () => {
    const db = t.app.hangar.db;
    const long = new Date(Date.now() - REPLAY_WINDOW_MS - 60_000);
    expect(await ciRepository.recordDelivery(db, 'hostedci', 'old-1', long)).toBe(true);
    expect(await ciRepository.recordDelivery(db, 'hostedci', 'old-1')).toBe(true);
    expect(await ciRepository.recordDelivery(db, 'hostedci', 'old-1')).toBe(false);
    expect(await ciRepository.recordDelivery(db, 'serverci', 'old-1')).toBe(true);
    expect(await ciRepository.recordDelivery(db, 'hostedci', 'old-2', long)).toBe(true);
    expect(await ciRepository.purgeDeliveries(db)).toBeGreaterThanOrEqual(1);
    expect(await ciRepository.recordDelivery(db, 'hostedci', 'old-2')).toBe(true);
  });
});
