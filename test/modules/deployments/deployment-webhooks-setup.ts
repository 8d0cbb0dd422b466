import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { App } from '../../../src/kernel/types.js';
import { ADMIN, bearer, createTestDatabase, testConfig, uniq } from '../../helpers/app.js';
import { captureLogs } from '../../helpers/log-capture.js';
import { insertComponent } from '../../helpers/rows.js';

/**
 * The GitHub, GitLab and Argo CD receivers (issue 32, decisions 862–864): each with a valid
 * signature or token, a wrong one, a replay and an unknown repository or application.
 */
export const GITHUB_SECRET = 'gh-secret-Zq7-never-logged';
export const GITLAB_TOKEN = 'gl-token-Zq7-never-logged';
export const ARGOCD_TOKEN = 'argo-token-Zq7-never-logged';

export let t: { app: App; database: Awaited<ReturnType<typeof createTestDatabase>>['handle'] };
export let db: Awaited<ReturnType<typeof createTestDatabase>>;
export let logs: ReturnType<typeof captureLogs>;
export let admin: string;
export let componentId: string;
export const repo = `acme/${uniq('payments')}`;
export const project = `platform/${uniq('billing')}`;
export const app = uniq('checkout');
export const envName = 'production';

export const sign = (body: string, secret = GITHUB_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export function github(
  payload: unknown,
  o: { event?: string; signature?: string | null; delivery?: string; query?: string } = {},
) {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/webhooks/github${o.query ?? ''}`,
    headers: {
      'content-type': 'application/json',
      'x-github-event': o.event ?? 'deployment_status',
      'x-github-delivery': o.delivery ?? randomUUID(),
      ...(o.signature === null ? {} : { 'x-hub-signature-256': o.signature ?? sign(body) }),
    },
    payload: body,
  });
}
export const gitlab = (payload: unknown, o: { token?: string; key?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/gitlab',
    headers: {
      'x-gitlab-event': 'Deployment Hook',
      'x-gitlab-token': o.token ?? GITLAB_TOKEN,
      'idempotency-key': o.key ?? randomUUID(),
    },
    payload: payload as Record<string, unknown>,
  });
export const argocd = (payload: unknown, o: { token?: string; delivery?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/argocd',
    headers: {
      authorization: `Bearer ${o.token ?? ARGOCD_TOKEN}`,
      ...(o.delivery ? { 'x-delivery-id': o.delivery } : {}),
    },
    payload: payload as Record<string, unknown>,
  });
export const deployment = async (id: string) =>
  (await t.app.inject({ url: `/api/v1/deployments/${id}`, headers: bearer(admin) })).json();

/** The setup shared by the files split from deployment-webhooks.test.ts (decision 1126): call at the top of each. */
export function useDeploymentWebhooksApp(): void {
  beforeAll(async () => {
    // The app's own logger (buildTestApp has none): a delivery not applied must be logged, secrets never.
    db = await createTestDatabase();
    const config = testConfig({
      LOG_LEVEL: 'info',
      GITHUB_WEBHOOK_SECRET: GITHUB_SECRET,
      GITLAB_WEBHOOK_TOKEN: GITLAB_TOKEN,
      ARGOCD_WEBHOOK_TOKEN: ARGOCD_TOKEN,
    });
    t = { app: await buildApp(config, { database: db.handle }), database: db.handle };
    logs = captureLogs(t.app.log);
    await t.app.ready();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: ADMIN.username, password: ADMIN.password },
    });
    admin = login.json().token;
    // Slugs are matched case-insensitively, as GitHub's are.
    const c = await insertComponent(t.database.db, {
      annotations: {
        'github.com/project-slug': repo.toUpperCase(),
        'gitlab.com/project-slug': project,
        'argocd/app-name': app,
      },
    });
    componentId = c.id;
    const env = await t.app.inject({
      method: 'POST',
      url: '/api/v1/environments',
      headers: bearer(admin),
      payload: { name: envName, type: 'production' },
    });
    expect(env.statusCode).toBe(201);
  });
  afterAll(async () => {
    logs?.restore();
    await t?.app.close();
    await db?.drop();
  });
}
