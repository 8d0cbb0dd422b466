import { describe, expect, it } from 'vitest';
import {
  readArgocdNotification,
  readGithubDeploymentStatus,
  readGitlabDeployment,
} from '../../src/modules/deployments/deployments.webhooks.js';
import {
  argocdNotification,
  githubDeploymentStatus,
  gitlabDeployment,
} from '../fixtures/webhooks/deployment-payloads.js';

/** What each system's delivery reads as (decision 863). */
describe('GitHub deployment_status', () => {
  const read = (o: Partial<Parameters<typeof githubDeploymentStatus>[0]>) =>
    readGithubDeploymentStatus(
      githubDeploymentStatus({ repo: 'acme/shop', deploymentId: 9, state: 'success', environment: 'production', ...o }),
    );

  it('maps every state GitHub sends', () => {
    const status = (state: string) => {
      const r = read({ state });
      return r.ok ? r.deployment.status : r.reason;
    };
    expect(['queued', 'pending', 'in_progress', 'success', 'failure', 'error'].map(status)).toEqual([
      'started',
      'started',
      'started',
      'succeeded',
      'failed',
      'failed',
    ]);
    expect(status('inactive')).toContain('not recorded');
  });

  it('takes a release ref as the version, else the short commit; a component from the deployment payload', () => {
    const tag = read({ ref: 'v2.4.1' });
    expect(tag.ok && tag.deployment.version).toBe('v2.4.1');
    const branch = read({ ref: 'main' });
    expect(branch.ok && branch.deployment).toMatchObject({
      version: 'a10867b14bb7',
      key: 'acme/shop',
      externalId: '9',
      startedAt: '2026-03-02T09:55:00.000Z',
    });
    const named = read({
      payload: JSON.stringify({ hangar: { component: 'component:default/shop-api' }, version: '7' }),
    });
    expect(named.ok && named.deployment).toMatchObject({ component: 'component:default/shop-api', version: '7' });
  });

  it('a delivery of another shape is ignored with a reason', () => {
    expect(readGithubDeploymentStatus({ zen: 'hi' })).toMatchObject({ ok: false });
    expect(readGithubDeploymentStatus({ deployment_status: 'x', deployment: [], repository: 7 })).toMatchObject({
      ok: false,
    });
  });
});

describe('GitLab Deployment Hook', () => {
  it("reads GitLab's time format and the full commit from commit_url", () => {
    const r = readGitlabDeployment(
      gitlabDeployment({ project: 'g/p', deploymentId: 3, status: 'success', environment: 'prod', ref: 'main' }),
    );
    expect(r.ok && r.deployment).toMatchObject({
      status: 'succeeded',
      finishedAt: '2026-03-02T09:00:00.000Z',
      revision: '279484c09fbe69ededfced8c1bb6e6d24616b468',
      version: '279484c09fbe',
    });
    const canceled = readGitlabDeployment(
      gitlabDeployment({ project: 'g/p', deploymentId: 3, status: 'canceled', environment: 'prod' }),
    );
    expect(canceled.ok && canceled.deployment.status).toBe('failed');
    expect(
      readGitlabDeployment({
        ...gitlabDeployment({ project: 'g/p', deploymentId: 3, status: 'success', environment: 'prod' }),
        object_kind: 'push',
      }).ok,
    ).toBe(false);
  });
});

describe('Argo CD notification', () => {
  it("reads Hangar's template, treating Go's <no value> as missing", () => {
    const r = readArgocdNotification({
      ...argocdNotification({ app: 'shop', phase: 'Running', environment: '<no value>' }),
    });
    expect(r).toMatchObject({ ok: false, reason: expect.stringContaining('environment') });
    const ok = readArgocdNotification(argocdNotification({ app: 'shop', phase: 'Error', environment: 'prod' }));
    expect(ok.ok && ok.deployment).toMatchObject({
      status: 'failed',
      externalId: 'shop@2026-03-02T10:00:00.000Z',
      key: 'shop',
    });
    expect(
      readArgocdNotification(argocdNotification({ app: 'shop', phase: 'Terminating', environment: 'prod' })).ok,
    ).toBe(false);
  });

  it('reads the whole Application sent under app ({{toJson .app}})', () => {
    const r = readArgocdNotification({
      app: {
        metadata: { name: 'shop', labels: { environment: 'staging' } },
        status: {
          operationState: {
            phase: 'Succeeded',
            startedAt: '2026-03-02T10:00:00Z',
            finishedAt: '2026-03-02T10:01:00Z',
            syncResult: { revision: 'abc123def456abc' },
          },
        },
      },
    });
    expect(r.ok && r.deployment).toMatchObject({
      key: 'shop',
      environment: 'staging',
      status: 'succeeded',
      revision: 'abc123def456abc',
      finishedAt: '2026-03-02T10:01:00.000Z',
    });
  });
});
