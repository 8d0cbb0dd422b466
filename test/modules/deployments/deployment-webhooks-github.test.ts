import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { githubDeploymentStatus } from '../../fixtures/webhooks/deployment-payloads.js';
import { bearer, expectError, uniq } from '../../helpers/app.js';
import {
  GITHUB_SECRET,
  GITLAB_TOKEN,
  ARGOCD_TOKEN,
  t,
  logs,
  admin,
  componentId,
  repo,
  envName,
  sign,
  github,
  deployment,
  useDeploymentWebhooksApp,
} from './deployment-webhooks-setup.js';

useDeploymentWebhooksApp();

describe('GitHub deployment_status', () => {
  it('records the deployment and moves it, with a valid signature', async () => {
    const started = await github(
      githubDeploymentStatus({ repo, deploymentId: 101, state: 'in_progress', environment: 'Production' }),
    );
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({
      received: true,
      event: 'deployment_status',
      outcome: 'created',
      reason: null,
    });
    const id = started.json().deploymentId;
    const done = await github(
      githubDeploymentStatus({ repo, deploymentId: 101, state: 'success', environment: 'Production' }),
    );
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
    const list = await t.app.inject({
      url: `/api/v1/deployments?componentId=${componentId}&take=100`,
      headers: bearer(admin),
    });
    expect(list.json().data.some((d: { externalId: string }) => d.externalId === '102')).toBe(false);
  });

  it('a replayed delivery answers 200 and changes nothing', async () => {
    const delivery = randomUUID();
    const first = await github(
      githubDeploymentStatus({ repo, deploymentId: 103, state: 'success', environment: envName }),
      { delivery },
    );
    expect(first.statusCode).toBe(201);
    // The same delivery again, even with another body: not processed a second time.
    const replay = await github(
      githubDeploymentStatus({ repo, deploymentId: 103, state: 'failure', environment: envName }),
      { delivery },
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ outcome: 'replayed', deliveryId: delivery });
    expect((await deployment(first.json().deploymentId)).status).toBe('succeeded');
  });

  it('an unknown repository answers 202 and is logged', async () => {
    const res = await github(
      githubDeploymentStatus({
        repo: 'acme/not-in-the-catalog',
        deploymentId: 104,
        state: 'success',
        environment: envName,
      }),
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ outcome: 'unknown_entity', deploymentId: null });
    expect(res.json().reason).toContain('github.com/project-slug: acme/not-in-the-catalog');
    expect(logs.text()).toContain('acme/not-in-the-catalog');
  });

  it('ping, other events, inactive states, out-of-order states and unknown environments are understood, not applied', async () => {
    expect((await github({ zen: 'Keep it logically awesome.', hook_id: 1 }, { event: 'ping' })).json()).toMatchObject({
      outcome: 'pong',
    });
    expect((await github({ ref: 'refs/heads/main' }, { event: 'push' })).statusCode).toBe(202);
    const inactive = await github(
      githubDeploymentStatus({ repo, deploymentId: 105, state: 'inactive', environment: envName }),
    );
    expect(inactive.json()).toMatchObject({ outcome: 'ignored' });
    await github(githubDeploymentStatus({ repo, deploymentId: 106, state: 'success', environment: envName }));
    const late = await github(
      githubDeploymentStatus({ repo, deploymentId: 106, state: 'pending', environment: envName }),
    );
    expect(late.statusCode).toBe(202);
    expect(late.json()).toMatchObject({ outcome: 'refused' });
    expect(late.json().reason).toContain('cannot move to started');
    const env = await github(
      githubDeploymentStatus({ repo, deploymentId: 107, state: 'success', environment: 'qa-42' }),
    );
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
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'deployment_status',
        'x-hub-signature-256': sign(body),
      },
      payload: body,
    });
    expectError(res, 400);
  });
});

describe('secrets', () => {
  it('never appear in answers or logs', () => {
    const text = logs.text();
    for (const secret of [GITHUB_SECRET, GITLAB_TOKEN, ARGOCD_TOKEN]) expect(text).not.toContain(secret);
  });
});
