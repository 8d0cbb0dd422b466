import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { argocdNotification, githubDeploymentStatus, gitlabDeployment } from '../../fixtures/webhooks/deployment-payloads.js';
import { buildApp } from '../../../src/app.js';
import type { App } from '../../../src/kernel/types.js';
import { ADMIN, bearer, createTestDatabase, expectError, testConfig, uniq } from '../../helpers/app.js';
import { captureLogs } from '../../helpers/log-capture.js';
import { insertComponent } from '../../helpers/rows.js';

/**
 * The GitHub, GitLab and Argo CD receivers (issue 32, decisions 862–864): each with a valid
 * signature or token, a wrong one, a replay and an unknown repository or application.
 */
const GITHUB_SECRET = 'gh-secret-Zq7-never-logged';
const GITLAB_TOKEN = 'gl-token-Zq7-never-logged';
const ARGOCD_TOKEN = 'argo-token-Zq7-never-logged';

let t: { app: App; database: Awaited<ReturnType<typeof createTestDatabase>>['handle'] };
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let logs: ReturnType<typeof captureLogs>;
let admin: string;
let componentId: string;
const repo = `acme/${uniq('payments')}`;
const project = `platform/${uniq('billing')}`;
const app = uniq('checkout');
const envName = 'production';

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
  const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: ADMIN.username, password: ADMIN.password } });
  admin = login.json().token;
  // Slugs are matched case-insensitively, as GitHub's are.
  const c = await insertComponent(t.database.db, {
    annotations: { 'github.com/project-slug': repo.toUpperCase(), 'gitlab.com/project-slug': project, 'argocd/app-name': app },
  });
  componentId = c.id;
  const env = await t.app.inject({ method: 'POST', url: '/api/v1/environments', headers: bearer(admin), payload: { name: envName, type: 'production' } });
  expect(env.statusCode).toBe(201);
});
afterAll(async () => {
  logs?.restore();
  await t?.app.close();
  await db?.drop();
});

const sign = (body: string, secret = GITHUB_SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

function github(payload: unknown, o: { event?: string; signature?: string | null; delivery?: string; query?: string } = {}) {
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
const gitlab = (payload: unknown, o: { token?: string; key?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/gitlab',
    headers: { 'x-gitlab-event': 'Deployment Hook', 'x-gitlab-token': o.token ?? GITLAB_TOKEN, 'idempotency-key': o.key ?? randomUUID() },
    payload: payload as Record<string, unknown>,
  });
const argocd = (payload: unknown, o: { token?: string; delivery?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/argocd',
    headers: { authorization: `Bearer ${o.token ?? ARGOCD_TOKEN}`, ...(o.delivery ? { 'x-delivery-id': o.delivery } : {}) },
    payload: payload as Record<string, unknown>,
  });
const deployment = async (id: string) => (await t.app.inject({ url: `/api/v1/deployments/${id}`, headers: bearer(admin) })).json();

describe('GitHub deployment_status', () => {
  it('records the deployment and moves it, with a valid signature', async () => {
    const started = await github(githubDeploymentStatus({ repo, deploymentId: 101, state: 'in_progress', environment: 'Production' }));
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ received: true, event: 'deployment_status', outcome: 'created', reason: null });
    const id = started.json().deploymentId;
    const done = await github(githubDeploymentStatus({ repo, deploymentId: 101, state: 'success', environment: 'Production' }));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ outcome: 'moved', deploymentId: id });
    expect(await deployment(id)).toMatchObject({
      componentId,
      status: 'succeeded',
      source: 'github',
      externalId: '101',
      revision: 'a10867b14bb761a232cd80139fbd4c0d33264240',
      version: 'a10867b14bb7',
      url: `https://github.com/${repo}/actions/runs/4242/job/99`,
      createdAt: '2026-03-02T09:55:00.000Z',
      updatedAt: '2026-03-02T10:00:00.000Z',
    });
  });

  it('401 for a wrong or missing signature, and nothing is recorded', async () => {
    const payload = githubDeploymentStatus({ repo, deploymentId: 102, state: 'success', environment: envName });
    expectError(await github(payload, { signature: sign(JSON.stringify(payload), 'another-secret') }), 401);
    expectError(await github(payload, { signature: null }), 401);
    expectError(await github(payload, { signature: 'sha256=zz' }), 401);
    // A signature of other bytes (the same JSON re-serialised with spaces) does not pass.
    expectError(await github(payload, { signature: sign(JSON.stringify(payload, null, 2)) }), 401);
    const list = await t.app.inject({ url: `/api/v1/deployments?componentId=${componentId}&take=100`, headers: bearer(admin) });
    expect(list.json().data.some((d: { externalId: string }) => d.externalId === '102')).toBe(false);
  });

  it('a replayed delivery answers 200 and changes nothing', async () => {
    const delivery = randomUUID();
    const first = await github(githubDeploymentStatus({ repo, deploymentId: 103, state: 'success', environment: envName }), { delivery });
    expect(first.statusCode).toBe(201);
    // The same delivery again, even with another body: not processed a second time.
    const replay = await github(githubDeploymentStatus({ repo, deploymentId: 103, state: 'failure', environment: envName }), { delivery });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'replayed', deliveryId: delivery });
    expect((await deployment(first.json().deploymentId)).status).toBe('succeeded');
  });

  it('an unknown repository answers 202 and is logged', async () => {
    const res = await github(githubDeploymentStatus({ repo: 'acme/not-in-the-catalog', deploymentId: 104, state: 'success', environment: envName }));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ outcome: 'unknown_entity', deploymentId: null });
    expect(res.json().reason).toContain('github.com/project-slug: acme/not-in-the-catalog');
    expect(logs.text()).toContain('acme/not-in-the-catalog');
  });

  it('ping, other events, inactive states, out-of-order states and unknown environments are understood, not applied', async () => {
    expect((await github({ zen: 'Keep it logically awesome.', hook_id: 1 }, { event: 'ping' })).json()).toMatchObject({ outcome: 'pong' });
    expect((await github({ ref: 'refs/heads/main' }, { event: 'push' })).statusCode).toBe(202);
    const inactive = await github(githubDeploymentStatus({ repo, deploymentId: 105, state: 'inactive', environment: envName }));
    expect(inactive.json()).toMatchObject({ outcome: 'ignored' });
    await github(githubDeploymentStatus({ repo, deploymentId: 106, state: 'success', environment: envName }));
    const late = await github(githubDeploymentStatus({ repo, deploymentId: 106, state: 'pending', environment: envName }));
    expect(late.statusCode).toBe(202);
    expect(late.json()).toMatchObject({ outcome: 'refused' });
    expect(late.json().reason).toContain('cannot move to started');
    const env = await github(githubDeploymentStatus({ repo, deploymentId: 107, state: 'success', environment: 'qa-42' }));
    expect(env.json()).toMatchObject({ outcome: 'unknown_environment' });
  });

  it('records into ?organization=; an unknown organization is 404, a malformed one 400 (after the signature)', async () => {
    const org = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: bearer(admin),
      payload: { name: 'Hooks', slug: uniq('hooks').toLowerCase() },
    });
    const orgId = org.json().id;
    const payload = githubDeploymentStatus({ repo, deploymentId: 108, state: 'success', environment: envName });
    expect((await github(payload, { query: `?organization=${orgId}` })).statusCode).toBe(201);
    // The same GitHub deployment without the organization is another deployment (decision 861).
    expect((await github(payload)).statusCode).toBe(201);
    expectError(await github(payload, { query: '?organization=00000000-0000-4000-8000-000000000000' }), 404);
    expectError(await github(payload, { query: '?organization=nope' }), 400);
    expectError(await github(payload, { query: '?organization=nope', signature: 'sha256=00' }), 401);
  });

  it('a body that is not JSON is 400 once verified', async () => {
    const body = 'not json';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/github',
      headers: { 'content-type': 'application/json', 'x-github-event': 'deployment_status', 'x-hub-signature-256': sign(body) },
      payload: body,
    });
    expectError(res, 400);
  });
});

describe('GitLab deployment events', () => {
  it('records with the right token; 401 with a wrong one', async () => {
    const running = await gitlab(gitlabDeployment({ project, deploymentId: 15, status: 'running', environment: envName }));
    expect(running.statusCode, running.body).toBe(201);
    const success = await gitlab(gitlabDeployment({ project, deploymentId: 15, status: 'success', environment: envName }));
    expect(success.json()).toMatchObject({ outcome: 'moved' });
    expect(await deployment(success.json().deploymentId)).toMatchObject({
      source: 'gitlab',
      externalId: '15',
      status: 'succeeded',
      version: 'v1.4.0',
      revision: '279484c09fbe69ededfced8c1bb6e6d24616b468',
      url: `https://gitlab.example.com/${project}/-/jobs/796`,
      updatedAt: '2026-03-02T09:00:00.000Z',
    });
    expectError(await gitlab(gitlabDeployment({ project, deploymentId: 16, status: 'success', environment: envName }), { token: 'wrong' }), 401);
  });

  it('a replay (same Idempotency-Key) changes nothing; an unknown project answers 202', async () => {
    const key = randomUUID();
    const first = await gitlab(gitlabDeployment({ project, deploymentId: 17, status: 'failed', environment: envName }), { key });
    expect(first.statusCode).toBe(201);
    const replay = await gitlab(gitlabDeployment({ project, deploymentId: 17, status: 'failed', environment: envName }), { key });
    expect(replay.json()).toMatchObject({ outcome: 'replayed' });
    const unknown = await gitlab(gitlabDeployment({ project: 'nobody/nothing', deploymentId: 18, status: 'success', environment: envName }));
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json().outcome).toBe('unknown_entity');
  });
});

describe('Argo CD notifications', () => {
  it('records a sync operation with the bearer token; 401 with a wrong one', async () => {
    const running = await argocd(argocdNotification({ app, phase: 'Running', environment: envName }));
    expect(running.statusCode, running.body).toBe(201);
    const done = await argocd(argocdNotification({ app, phase: 'Succeeded', environment: envName }));
    expect(done.json()).toMatchObject({ outcome: 'moved' });
    expect(await deployment(done.json().deploymentId)).toMatchObject({
      source: 'argocd',
      externalId: `${app}@2026-03-02T10:00:00.000Z`,
      status: 'succeeded',
      version: 'c7a3c4e7d6f1',
      updatedAt: '2026-03-02T10:02:00.000Z',
    });
    // A rollback reported by a template that says so, naming the operation's id.
    const rolledBack = await argocd(
      argocdNotification({ app, phase: 'Succeeded', environment: envName, status: 'rolled_back', externalId: `${app}@2026-03-02T10:00:00.000Z` }),
    );
    expect(rolledBack.json()).toMatchObject({ outcome: 'moved', deploymentId: done.json().deploymentId });
    expectError(await argocd(argocdNotification({ app, phase: 'Running', environment: envName }), { token: 'wrong' }), 401);
    const noAuth = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/argocd',
      payload: argocdNotification({ app, phase: 'Running', environment: envName }),
    });
    expectError(noAuth, 401);
  });

  it('a replay (X-Delivery-Id) changes nothing; an unknown application answers 202', async () => {
    const delivery = randomUUID();
    const body = argocdNotification({ app, phase: 'Failed', environment: envName, startedAt: '2026-03-03T10:00:00Z' });
    expect((await argocd(body, { delivery })).statusCode).toBe(201);
    expect((await argocd(body, { delivery })).json()).toMatchObject({ outcome: 'replayed' });
    const unknown = await argocd(argocdNotification({ app: 'ghost-app', phase: 'Succeeded', environment: envName }));
    expect(unknown.statusCode).toBe(202);
    expect(unknown.json()).toMatchObject({ outcome: 'unknown_entity' });
  });
});

describe('secrets', () => {
  it('never appear in answers or logs', () => {
    const text = logs.text();
    for (const secret of [GITHUB_SECRET, GITLAB_TOKEN, ARGOCD_TOKEN]) expect(text).not.toContain(secret);
  });
});
