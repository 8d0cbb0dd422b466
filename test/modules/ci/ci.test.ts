import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitOpsDeployPort } from '../../../src/modules/ci/index.js';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';
import { fakePlatforms } from './ci-fakes.js';

let t: TestApp;
let admin: string;
let user: { token: string; id: string };
let org: string;
const fakes = fakePlatforms();

const as = (token: string) => ({ ...bearer(token), 'x-organization-id': org });
const get = (url: string, token = user.token) => t.app.inject({ method: 'GET', url, headers: as(token) });
const post = (url: string, payload?: object, token = admin) =>
  t.app.inject({ method: 'POST', url, headers: as(token), ...(payload ? { payload } : {}) });

async function credential(type: string, value: object) {
  const res = await post('/api/v1/integrations/credentials', { type, name: type, value });
  expect(res.statusCode).toBe(201);
}

beforeAll(async () => {
  t = await buildTestApp({}, undefined, { ciPlatforms: fakes.factories });
  admin = await t.adminToken();
  user = await t.newUser('ciuser');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: bearer(user.token),
    payload: { name: 'CI org', slug: uniq('ci').toLowerCase() },
  });
  org = res.json().id;
});
afterAll(() => t.close());

describe('without credentials', () => {
  it('the GitOps application list is []; every other platform endpoint is 400 naming the missing credential', async () => {
    const list = await get('/api/v1/gitopscd/applications');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    const cases: [string, string, string][] = [
      ['GET', '/api/v1/gitopscd/applications/shop', 'gitopscd'],
      ['POST', '/api/v1/gitopscd/applications/shop/sync', 'gitopscd'],
      ['GET', '/api/v1/cloudci/pipelines', 'cloudci'],
      ['POST', '/api/v1/cloudci/pipelines/gh%2Facme%2Fshop/trigger', 'cloudci'],
      ['GET', '/api/v1/serverci/jobs', 'serverci'],
      ['GET', '/api/v1/serverci/jobs/api/builds', 'serverci'],
      ['POST', '/api/v1/serverci/jobs/api/build', 'serverci'],
      ['GET', '/api/v1/hostedci/builds', 'hostedci'],
      ['POST', '/api/v1/hostedci/builds/12/restart', 'hostedci'],
    ];
    for (const [method, url, type] of cases) {
      const err = expectError(await t.app.inject({ method: method as 'GET', url, headers: as(admin) }), 400);
      expect(err.message, url).toContain(`${type} credential`);
    }
    expect(await createGitOpsDeployPort(t.app.hangar.modules.ci).forOrganization(org)).toBeNull();
  });

  it('needs a token; admin for actions; outsiders of the organization get 403', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/serverci/jobs' }), 401);
    expectError(await post('/api/v1/gitopscd/applications/shop/sync', undefined, user.token), 403);
    expectError(await post('/api/v1/cloudci/pipelines/gh%2Facme%2Fshop/trigger', undefined, user.token), 403);
    expectError(await post('/api/v1/serverci/jobs/api/build', undefined, user.token), 403);
    expectError(await post('/api/v1/hostedci/builds/1/restart', undefined, user.token), 403);
    const outsider = await t.newUser('ciout');
    expectError(await get('/api/v1/gitopscd/applications', outsider.token), 403);
  });
});

describe('GitOps CD', () => {
  beforeAll(async () => {
    await credential('gitopscd', { url: 'https://argocd.example.test', token: 'argo-tok' });
    fakes.argo.add('shop', { project: 'retail' });
    fakes.argo.add('billing', { health: 'Degraded', sync: 'OutOfSync' });
  });

  it('lists and reads applications in the document shape with the stored credential', async () => {
    const list = await get('/api/v1/gitopscd/applications');
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .map((a: { metadata: { name: string } }) => a.metadata.name)
        .sort(),
    ).toEqual(['billing', 'shop']);
    expect(fakes.credentials.at(-1)).toEqual({
      type: 'gitopscd',
      value: { url: 'https://argocd.example.test', token: 'argo-tok' },
    });
    expect((await get('/api/v1/gitopscd/applications?project=retail')).json()).toHaveLength(1);
    const one = await get('/api/v1/gitopscd/applications/billing');
    expect(one.json()).toEqual({
      metadata: { name: 'billing', namespace: 'argocd' },
      spec: {
        project: 'default',
        source: { repoURL: 'https://git.example.test/billing.git', path: 'deploy', targetRevision: 'HEAD' },
        destination: { server: 'https://kubernetes.default.svc', namespace: 'billing' },
      },
      status: {
        health: { status: 'Degraded' },
        sync: { status: 'OutOfSync', revision: 'abc123' },
        operationState: { phase: null, finishedAt: null },
      },
    });
    expectError(await get('/api/v1/gitopscd/applications/nope'), 404);
  });

  it('syncs (admin) and answers the sync shape', async () => {
    const res = await post('/api/v1/gitopscd/applications/shop/sync');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'shop', namespace: 'argocd', revision: 'HEAD', phase: 'Running' });
    expect((await post('/api/v1/gitopscd/applications/shop/sync', { revision: 'v2', bogus: 1 })).json().revision).toBe(
      'v2',
    );
    expectError(await post('/api/v1/gitopscd/applications/shop/sync', { prune: 'yes' }), 400);
    expectError(await post('/api/v1/gitopscd/applications/nope/sync'), 404);
  });

  it('upstream refusal is 502, an outage 503, both naming the platform', async () => {
    fakes.argo.failWith(401);
    try {
      const refused = expectError(await get('/api/v1/gitopscd/applications'), 502);
      expect(refused.message).toMatch(/gitopscd.*refused the credential/);
      fakes.argo.failWith(503);
      expect(expectError(await get('/api/v1/gitopscd/applications/shop'), 503).message).toContain('gitopscd');
    } finally {
      fakes.argo.failWith(undefined);
    }
  });

  it("serves pipelines' deploy stage: sync, then state until Synced + Healthy", async () => {
    const port = createGitOpsDeployPort(t.app.hangar.modules.ci);
    const client = await port.forOrganization(org);
    expect(client).not.toBeNull();
    fakes.argo.settleAfterPolls = 1;
    const signal = new AbortController().signal;
    await client!.sync('shop', signal);
    expect(fakes.argo.syncs.at(-1)).toEqual({ name: 'shop', revision: undefined });
    expect(await client!.state('shop', signal)).toEqual({ sync: 'OutOfSync', health: 'Progressing' });
    expect(await client!.state('shop', signal)).toEqual({ sync: 'Synced', health: 'Healthy' });
    // A sync operation that ends Failed is reported, not waited on.
    fakes.argo.apps.get('billing')!.status.operationState = { phase: 'Failed', finishedAt: new Date().toISOString() };
    await expect(client!.state('billing', signal)).rejects.toThrow(/ended Failed/);
    expect(await port.forOrganization(null)).toBeNull();
  });
});

describe('hosted CI platform', () => {
  beforeAll(async () => {
    await credential('cloudci', { token: 'circle-tok' });
    fakes.circle.add('gh/acme/shop', 'https://github.com/acme/shop');
    fakes.circle.add('gh/acme/web', 'https://github.com/acme/web');
  });

  it('lists pipelines, filtered by vcsUrl', async () => {
    expect((await get('/api/v1/cloudci/pipelines')).json()).toHaveLength(2);
    const shop = await get(
      `/api/v1/cloudci/pipelines?vcsUrl=${encodeURIComponent('https://github.com/acme/shop.git')}`,
    );
    expect(shop.json()).toHaveLength(1);
    expect(shop.json()[0]).toMatchObject({
      projectSlug: 'gh/acme/shop',
      vcsUrl: 'https://github.com/acme/shop',
      number: expect.any(Number),
      id: expect.any(String),
    });
  });

  it('triggers by URL-encoded slug (admin): 201 with the new pipeline; bad slug 400; unknown project 404', async () => {
    const res = await post('/api/v1/cloudci/pipelines/gh%2Facme%2Fshop/trigger', { branch: 'release' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      projectSlug: 'gh/acme/shop',
      state: 'created',
      id: expect.any(String),
      number: expect.any(Number),
    });
    expect(fakes.circle.triggered.at(-1)).toEqual({ projectSlug: 'gh/acme/shop', branch: 'release' });
    expectError(await post('/api/v1/cloudci/pipelines/shop/trigger'), 400);
    expectError(await post('/api/v1/cloudci/pipelines/gh%2Facme%2Fshop/trigger', { branch: 'a', tag: 'b' }), 400);
    expectError(await post('/api/v1/cloudci/pipelines/gh%2Facme%2Fnope/trigger'), 404);
  });
});

describe('self-run CI server', () => {
  beforeAll(async () => {
    await credential('serverci', { url: 'https://jenkins.example.test', username: 'bot', apiToken: 'jt' });
    fakes.jenkins.add('api', ['SUCCESS', 'FAILURE']);
    fakes.jenkins.add('web', [null, 'UNSTABLE']);
  });

  it('lists jobs with lastBuild in the document shape', async () => {
    const jobs = (await get('/api/v1/serverci/jobs')).json();
    expect(jobs.find((j: { name: string }) => j.name === 'api')).toEqual({
      name: 'api',
      url: 'https://jenkins.example.test/job/api/',
      color: 'blue',
      lastBuild: { number: 2, result: 'SUCCESS', timestamp: expect.any(Number), duration: 30_000 },
    });
    expect(jobs.find((j: { name: string }) => j.name === 'web')).toMatchObject({
      color: 'anime',
      lastBuild: { result: null },
    });
  });

  it("reads a job's builds; missing job 404; limit bounded", async () => {
    const builds = (await get('/api/v1/serverci/jobs/api/builds')).json();
    expect(builds.map((b: { result: string }) => b.result)).toEqual(['SUCCESS', 'FAILURE']);
    expect((await get('/api/v1/serverci/jobs/api/builds?limit=1')).json()).toHaveLength(1);
    expectError(await get('/api/v1/serverci/jobs/api/builds?limit=500'), 400);
    expectError(await get('/api/v1/serverci/jobs/nope/builds'), 404);
  });

  it('triggers a build (admin): 201 with the queue item', async () => {
    const res = await post('/api/v1/serverci/jobs/api/build', { parameters: { VERSION: '1' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ job: 'api', queued: true, queueItemId: expect.any(Number) });
    expectError(await post('/api/v1/serverci/jobs/nope/build'), 404);
  });
});

describe('hosted CI service', () => {
  beforeAll(async () => {
    await credential('hostedci', { token: 'travis-tok' });
    fakes.travis.add('acme/shop', 'passed');
    fakes.travis.add('acme/web', 'failed');
  });

  it('lists builds filtered by repoSlug', async () => {
    expect((await get('/api/v1/hostedci/builds')).json()).toHaveLength(2);
    const shop = (await get(`/api/v1/hostedci/builds?repoSlug=${encodeURIComponent('acme/shop')}`)).json();
    expect(shop).toHaveLength(1);
    expect(shop[0]).toMatchObject({ state: 'passed', repository: { slug: 'acme/shop' }, id: expect.any(Number) });
    expectError(await get('/api/v1/hostedci/builds?repoSlug=nope'), 400);
    expectError(await get('/api/v1/hostedci/builds?repoSlug=acme%2Fnone'), 404);
  });

  it('restarts a build (admin); bad id 400; missing 404', async () => {
    const id = fakes.travis.builds[0]!.id;
    const res = await post(`/api/v1/hostedci/builds/${id}/restart`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, number: expect.any(String), state: 'created', stateChange: 'restart' });
    expectError(await post('/api/v1/hostedci/builds/abc/restart'), 400);
    expectError(await post('/api/v1/hostedci/builds/999999/restart'), 404);
  });
});
