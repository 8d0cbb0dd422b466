import { sign } from '@octokit/webhooks-methods';
import { expect } from 'vitest';
import { bearer, type TestApp } from '../../helpers/app.js';

export const GITHUB_SECRET = 'discovery-github-webhook-secret';
export const GITLAB_TOKEN = 'discovery-gitlab-webhook-token';
/**
 * The fake servers run in the test's own process, beside the app and (PGlite) the database: on a
 * loaded machine an answer can wait behind a page's writes longer than the 15 s a request to a real
 * provider may take. Timeouts are not what these tests measure (decision 1035).
 */
export const env = {
  GITHUB_WEBHOOK_SECRET: GITHUB_SECRET,
  GITLAB_WEBHOOK_TOKEN: GITLAB_TOKEN,
  DISCOVERY_TICK_MS: '0',
  DISCOVERY_REQUEST_TIMEOUT_MS: '300000',
};

export const component = (name: string, description = `The ${name} service`) =>
  `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: ${name}\n  description: ${description}\nspec:\n  type: service\n  lifecycle: production\n  owner: team-a\n`;

export async function api(t: TestApp, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: bearer(await t.adminToken()),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export async function credential(t: TestApp, type: 'github' | 'gitlab', value: Record<string, string>) {
  const res = await api(t, 'POST', '/api/v1/integrations/credentials', { type, name: `${type} discovery`, value });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** Queues a scan and polls its status until it has finished (no fixed sleeps). */
export async function scan(t: TestApp, sourceId: string, timeout = 240_000) {
  const res = await api(t, 'POST', `/api/v1/catalog/discovery/${sourceId}/scan`);
  expect(res.statusCode, res.body).toBe(202);
  const states = new Set<string>();
  let status: Record<string, any> = {};
  await expect
    .poll(
      async () => {
        status = (await api(t, 'GET', `/api/v1/catalog/discovery/${sourceId}/status`)).json();
        states.add(status.state);
        return status.state;
      },
      { timeout, interval: 100 },
    )
    .toMatch(/^(finished|failed)$/);
  return { status, states };
}

export async function entity(t: TestApp, name: string) {
  return api(t, 'GET', `/api/v1/catalog/entities/component/default/${name}`);
}

export async function githubDelivery(t: TestApp, event: string, body: unknown) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/github',
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': crypto.randomUUID(),
      'x-hub-signature-256': await sign(GITHUB_SECRET, raw),
    },
    payload: raw,
  });
}

export async function gitlabDelivery(t: TestApp, event: string, body: unknown, token = GITLAB_TOKEN) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/gitlab',
    headers: {
      'content-type': 'application/json',
      'x-gitlab-event': event,
      'x-gitlab-token': token,
      'x-gitlab-event-uuid': crypto.randomUUID(),
    },
    payload: JSON.stringify(body),
  });
}
