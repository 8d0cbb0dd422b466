import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectError, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('webhooks whose secret setting is unset', () => {
  it('refuse every call with 401, whatever is sent', async () => {
    const raw = JSON.stringify({ type: 'workflow-completed', id: 'x', workflow: { id: 'w', status: 'success' } });
    const sig = `v1=${createHmac('sha256', '').update(raw).digest('hex')}`;
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/cloudci',
        headers: { 'content-type': 'application/json', 'cloudci-signature': sig },
        payload: raw,
      }),
      401,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/serverci',
        headers: { 'x-webhook-token': '' },
        payload: { name: 'a', build: { number: 1 } },
      }),
      401,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/hostedci?token=undefined',
        payload: { id: 1, state: 'passed' },
      }),
      401,
    );
    // The deployment receivers (decision 864): an empty secret's HMAC, an empty token, "Bearer undefined".
    const github = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/github',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'ping',
        'x-hub-signature-256': `sha256=${createHmac('sha256', '').update(raw).digest('hex')}`,
      },
      payload: raw,
    });
    expect(expectError(github, 401).message).toContain('GITHUB_WEBHOOK_SECRET is not set');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/gitlab',
        headers: { 'x-gitlab-token': '' },
        payload: {},
      }),
      401,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/argocd',
        headers: { authorization: 'Bearer undefined' },
        payload: {},
      }),
      401,
    );
  });
});
