import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { argocdNotification, gitlabDeployment } from '../../fixtures/webhooks/deployment-payloads.js';
import { expectError } from '../../helpers/app.js';
import {
  t,
  project,
  app,
  envName,
  gitlab,
  argocd,
  deployment,
  logs,
  GITHUB_SECRET,
  GITLAB_TOKEN,
  ARGOCD_TOKEN,
  useDeploymentWebhooksApp,
} from './deployment-webhooks-setup.js';

useDeploymentWebhooksApp();

describe('GitLab deployment events', () => {
  it('records with the right token; 401 with a wrong one', async () => {
    const running = await gitlab(
      gitlabDeployment({ project, deploymentId: 15, status: 'running', environment: envName }),
    );
    expect(running.statusCode, running.body).toBe(201);
    const success = await gitlab(
      gitlabDeployment({ project, deploymentId: 15, status: 'success', environment: envName }),
    );
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
    expectError(
      await gitlab(gitlabDeployment({ project, deploymentId: 16, status: 'success', environment: envName }), {
        token: 'wrong',
      }),
      401,
    );
  });

  it('a replay (same Idempotency-Key) changes nothing; an unknown project answers 202', async () => {
    const key = randomUUID();
    const first = await gitlab(
      gitlabDeployment({ project, deploymentId: 17, status: 'failed', environment: envName }),
      { key },
    );
    expect(first.statusCode).toBe(201);
    const replay = await gitlab(
      gitlabDeployment({ project, deploymentId: 17, status: 'failed', environment: envName }),
      { key },
    );
    expect(replay.json()).toMatchObject({ outcome: 'replayed' });
    const unknown = await gitlab(
      gitlabDeployment({ project: 'nobody/nothing', deploymentId: 18, status: 'success', environment: envName }),
    );
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
      argocdNotification({
        app,
        phase: 'Succeeded',
        environment: envName,
        status: 'rolled_back',
        externalId: `${app}@2026-03-02T10:00:00.000Z`,
      }),
    );
    expect(rolledBack.json()).toMatchObject({ outcome: 'moved', deploymentId: done.json().deploymentId });
    expectError(
      await argocd(argocdNotification({ app, phase: 'Running', environment: envName }), { token: 'wrong' }),
      401,
    );
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

// The secrets check of deployment-webhooks-github.test.ts, over this file's deliveries.
describe('secrets', () => {
  it('never appear in answers or logs', () => {
    const text = logs.text();
    for (const secret of [GITHUB_SECRET, GITLAB_TOKEN, ARGOCD_TOKEN]) expect(text).not.toContain(secret);
  });
});
