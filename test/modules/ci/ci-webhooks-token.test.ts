import { describe, expect, it } from 'vitest';
import { expectError } from '../../helpers/app.js';
import { waitUntil } from '../../helpers/free-port.js';
import { SERVER_TOKEN, HOSTED_TOKEN, t, builds, eventsFor, eventFor, useCiWebhooksApp } from './ci-webhooks-setup.js';

useCiWebhooksApp();

describe('POST /api/v1/webhooks/serverci (shared token)', () => {
  const notification = (number: number, phase: string, status?: string) => ({
    name: 'api',
    display_name: 'api',
    url: 'job/api/',
    build: {
      full_url: `https://jenkins.example.test/job/api/${number}/`,
      number,
      queue_id: 7,
      phase,
      status,
      url: `job/api/${number}/`,
    },
  });

  it('takes the token from X-Webhook-Token or ?token=; maps phase and result', async () => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/serverci',
      headers: { 'x-webhook-token': SERVER_TOKEN },
      payload: notification(12, 'STARTED'),
    });
    expect(started.statusCode).toBe(200);
    expect(await eventFor('api#12')).toMatchObject({
      platform: 'serverci',
      name: 'api',
      status: 'running',
      url: 'https://jenkins.example.test/job/api/12/',
    });
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
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers,
        payload: notification(99, 'COMPLETED', 'SUCCESS'),
      });
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
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/webhooks/hostedci?token=${HOSTED_TOKEN}`,
      payload: travis(5002, 'started', 'Pending'),
    });
    expect(json.statusCode).toBe(200);
    expect((await eventFor('5002')).status).toBe('running');
  });

  it('401 without the token; 400 for a verified body that holds no JSON object', async () => {
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/hostedci',
        payload: travis(5003, 'passed', 'Passed'),
      }),
      401,
    );
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
