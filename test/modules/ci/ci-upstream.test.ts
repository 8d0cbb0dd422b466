import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitOpsDeployPort } from '../../../src/modules/ci/index.js';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { argoApp, startArgoCdServer, type ArgoFake } from '../../fakes/argocd-server.js';
import { circlePipeline, startCircleCiServer, type CircleCiFake } from '../../fakes/circleci-server.js';
import { closedPort } from '../../fakes/fake-server.js';
import { jenkinsBuilds, startJenkinsServer, type JenkinsFake } from '../../fakes/jenkins-server.js';
import { startTravisServer, travisBuild, type TravisFake } from '../../fakes/travis-server.js';

// The whole path from the outside: HTTP request -> stored credential -> real adapter -> a local
// server answering like the platform. No fakes inside the app.
let t: TestApp;
let admin: string;
let argo: ArgoFake;
let circle: CircleCiFake;
let jenkins: JenkinsFake;
let travis: TravisFake;
const ids: Record<string, string> = {};

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(admin) });
const post = (url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(admin), ...(payload ? { payload } : {}) });
const setValue = async (type: string, value: object) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/integrations/credentials/${ids[type]}`,
    headers: bearer(admin),
    payload: { value },
  });
  expect(res.statusCode).toBe(200);
};

beforeAll(async () => {
  [argo, circle, jenkins, travis] = await Promise.all([
    startArgoCdServer(),
    startCircleCiServer(),
    startJenkinsServer(),
    startTravisServer(),
  ]);
  argo.apps.set('shop', argoApp('shop'));
  circle.projects.add('gh/acme/shop');
  circle.pipelines.push(
    circlePipeline('gh/acme/shop', 'https://github.com/acme/shop', 1),
    circlePipeline('gh/acme/web', 'https://github.com/acme/web', 2),
  );
  jenkins.jobs.set('api', { color: 'blue', builds: jenkinsBuilds(['SUCCESS', 'FAILURE']) });
  travis.builds.push(travisBuild(11, 'acme/shop'), travisBuild(12, 'acme/web', 'failed'));
  t = await buildTestApp({ CLOUDCI_API_URL: circle.url, CI_UPSTREAM_TIMEOUT_MS: '400' });
  admin = await t.adminToken();
  const values: Record<string, object> = {
    gitopscd: { url: argo.url, token: 'argo-token' },
    cloudci: { token: 'circle-token' },
    serverci: { url: jenkins.url, username: 'ci-bot', apiToken: 'jenkins-api-token' },
    hostedci: { token: 'travis-token', url: travis.url },
  };
  for (const [type, value] of Object.entries(values)) {
    const res = await post('/api/v1/integrations/credentials', { type, name: type, value });
    expect(res.statusCode).toBe(201);
    ids[type] = res.json().id;
  }
});
afterAll(async () => {
  await t.close();
  await Promise.all([argo, circle, jenkins, travis].map((s) => s.close()));
});

describe('platform endpoints over the real adapters', () => {
  it('answer with the stored credentials', async () => {
    expect(
      (await get('/api/v1/gitopscd/applications')).json().map((a: { metadata: { name: string } }) => a.metadata.name),
    ).toEqual(['shop']);
    expect((await get('/api/v1/gitopscd/applications/shop')).json().status.health.status).toBe('Healthy');
    expect((await post('/api/v1/gitopscd/applications/shop/sync')).json()).toMatchObject({
      name: 'shop',
      phase: 'Running',
    });
    expect((await get('/api/v1/cloudci/pipelines?vcsUrl=https%3A%2F%2Fgithub.com%2Facme%2Fshop')).json()).toHaveLength(
      1,
    );
    const trig = await post('/api/v1/cloudci/pipelines/gh%2Facme%2Fshop/trigger', { branch: 'main' });
    expect(trig.statusCode).toBe(201);
    expect(circle.triggers.at(-1)).toEqual({ slug: 'gh/acme/shop', body: { branch: 'main' } });
    const jobs = (await get('/api/v1/serverci/jobs')).json();
    expect(jobs).toEqual([
      {
        name: 'api',
        url: `${jenkins.url}/job/api/`,
        color: 'blue',
        lastBuild: { number: 2, result: 'SUCCESS', timestamp: expect.any(Number), duration: 12_345 },
      },
    ]);
    expect((await get('/api/v1/serverci/jobs/api/builds')).json()).toHaveLength(2);
    const build = await post('/api/v1/serverci/jobs/api/build');
    expect(build.statusCode).toBe(201);
    expect(build.json().queueItemId).toEqual(expect.any(Number));
    expect((await get('/api/v1/hostedci/builds?repoSlug=acme%2Fweb')).json().map((b: { id: number }) => b.id)).toEqual([
      12,
    ]);
    expect((await post('/api/v1/hostedci/builds/11/restart')).json()).toEqual({
      id: 11,
      number: '11',
      state: 'created',
      stateChange: 'restart',
    });
  });

  it("pipelines' deploy port syncs over the real adapter and waits for Synced + Healthy", async () => {
    const client = await createGitOpsDeployPort(t.app.hangar.modules.ci).forOrganization(null);
    const signal = new AbortController().signal;
    argo.settleAfterReads = 2;
    await client!.sync('shop', signal);
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      const s = await client!.state('shop', signal);
      seen.push(`${s.sync}/${s.health}`);
      if (s.sync === 'Synced' && s.health === 'Healthy') break;
    }
    expect(seen).toEqual(['OutOfSync/Progressing', 'OutOfSync/Progressing', 'Synced/Healthy']);
  });

  it('upstream 404 is 404', async () => {
    // Argo CD answers 403 "permission denied" for a missing application (RBAC before existence).
    expect(expectError(await get('/api/v1/gitopscd/applications/nope'), 404).message).toContain('"nope"');
    expectError(await post('/api/v1/gitopscd/applications/nope/sync'), 404);
    expectError(await post('/api/v1/cloudci/pipelines/gh%2Facme%2Fnope/trigger'), 404);
    expectError(await get('/api/v1/serverci/jobs/nope/builds'), 404);
    expectError(await post('/api/v1/hostedci/builds/999/restart'), 404);
  });

  it('a refused credential is 502 naming the platform', async () => {
    await setValue('gitopscd', { url: argo.url, token: 'revoked' });
    await setValue('cloudci', { token: 'revoked' });
    await setValue('serverci', { url: jenkins.url, username: 'ci-bot', apiToken: 'revoked' });
    await setValue('hostedci', { token: 'revoked', url: travis.url });
    for (const [url, platform] of [
      ['/api/v1/gitopscd/applications', 'gitopscd'],
      ['/api/v1/gitopscd/applications/shop', 'gitopscd'],
      ['/api/v1/cloudci/pipelines', 'cloudci'],
      ['/api/v1/serverci/jobs', 'serverci'],
      ['/api/v1/hostedci/builds', 'hostedci'],
    ]) {
      const err = expectError(await get(url!), 502);
      expect(err.message).toContain(platform);
      expect(err.message).toContain('refused the credential');
      expect(err.message).not.toContain('revoked');
    }
  });

  it('a platform too slow (timeout) or unreachable is 503 naming it', async () => {
    await setValue('gitopscd', { url: argo.url, token: 'argo-token' });
    argo.hang = true;
    try {
      expect(expectError(await get('/api/v1/gitopscd/applications'), 503).message).toContain('gitopscd');
    } finally {
      argo.hang = false;
    }
    const down = await closedPort();
    await setValue('serverci', { url: down, username: 'ci-bot', apiToken: 'jenkins-api-token' });
    await setValue('hostedci', { token: 'travis-token', url: down });
    expect(expectError(await get('/api/v1/serverci/jobs'), 503).message).toContain('serverci');
    expect(expectError(await post('/api/v1/hostedci/builds/11/restart'), 503).message).toContain('hostedci');
  });
});
