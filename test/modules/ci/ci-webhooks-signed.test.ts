import { describe, expect, it } from 'vitest';
import { ciRepository, REPLAY_WINDOW_MS } from '../../../src/modules/ci/ci.repository.js';
import { expectError } from '../../helpers/app.js';
import { t, sign, eventsFor, eventFor, circlePayload, useCiWebhooksApp } from './ci-webhooks-setup.js';

useCiWebhooksApp();

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
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/webhooks/cloudci',
          headers: { 'content-type': 'application/json', ...headers },
          payload: raw,
        }),
        401,
      );
    }
    // Even a body that is not JSON is a 401 first.
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/cloudci',
        headers: { 'content-type': 'application/json' },
        payload: '{nope',
      }),
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
