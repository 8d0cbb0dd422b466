import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamRefused } from '../../src/integrations/http.js';
import { JenkinsAdapter } from '../../src/integrations/jenkins/jenkins.adapter.js';
import { NotFound, Unavailable } from '../../src/kernel/errors.js';
import { closedPort } from '../fakes/fake-server.js';
import { jenkinsBuilds, startJenkinsServer, type JenkinsFake } from '../fakes/jenkins-server.js';
import { serverCiContract } from './server-ci.contract.js';

serverCiContract('Jenkins adapter against a Jenkins JSON API-shaped server', async () => {
  const server = await startJenkinsServer();
  const at = (url: string) =>
    JenkinsAdapter.fromCredential({ url, username: 'ci-bot', apiToken: 'jenkins-api-token' }, { timeoutMs: 2000 });
  return {
    port: at(server.url),
    addJob: (name, results) =>
      void server.jobs.set(name, { color: results.length ? 'blue' : 'notbuilt', builds: jenkinsBuilds(results) }),
    unreachable: () => at('http://127.0.0.1:1'),
    close: () => server.close(),
  };
});

let jenkins: JenkinsFake;
const adapter = (apiToken = 'jenkins-api-token', url = jenkins.url, timeoutMs = 2000, username = 'ci-bot') =>
  JenkinsAdapter.fromCredential({ url, username, apiToken }, { timeoutMs });

beforeAll(async () => {
  jenkins = await startJenkinsServer();
  jenkins.jobs.set('api', { color: 'blue', builds: jenkinsBuilds(['SUCCESS', 'FAILURE', 'UNSTABLE', 'ABORTED']) });
  jenkins.jobs.set('web', { color: 'red_anime', builds: jenkinsBuilds([null, 'FAILURE']) });
  jenkins.jobs.set('fresh', { color: 'notbuilt', builds: [] });
  jenkins.jobs.set('params', { color: 'blue', builds: [], parameters: true });
  jenkins.jobs.set('big', { color: 'blue', builds: jenkinsBuilds(Array.from({ length: 80 }, () => 'SUCCESS')) });
});
afterAll(() => jenkins.close());

describe('Jenkins adapter against a Jenkins JSON API-shaped server', () => {
  it('lists jobs with lastBuild through a tree selection with a range', async () => {
    const jobs = await adapter().listJobs();
    const api = jobs.find((j) => j.name === 'api')!;
    expect(api).toEqual({
      name: 'api',
      url: `${jenkins.url}/job/api/`,
      color: 'blue',
      lastBuild: { number: 4, result: 'SUCCESS', timestamp: expect.any(Number), duration: 12_345 },
    });
    expect(jobs.find((j) => j.name === 'web')).toMatchObject({
      color: 'anime',
      lastBuild: { result: null, duration: 0 },
    });
    expect(jobs.find((j) => j.name === 'fresh')!.lastBuild).toBeNull();
    const req = jenkins.requests.find((r) => r.url.startsWith('/api/json'))!;
    expect(new URL(req.url, 'http://x').searchParams.get('tree')).toMatch(
      /^jobs\[name,url,color,lastBuild\[number,result,timestamp,duration.*\]\]\{0,\d+\}$/,
    );
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from('ci-bot:jenkins-api-token').toString('base64')}`);
  });

  it("reads a job's build history, newest first, within the range asked", async () => {
    const builds = await adapter().listBuilds('api', 50);
    expect(builds.map((b) => b.result)).toEqual(['SUCCESS', 'FAILURE', 'UNSTABLE', 'ABORTED']);
    expect(builds[0]).toMatchObject({ number: 4, building: false, url: `${jenkins.url}/job/api/4/` });
    expect(await adapter().listBuilds('big', 10)).toHaveLength(10);
    await expect(adapter().listBuilds('missing', 10)).rejects.toBeInstanceOf(NotFound);
  });

  it('triggers with the crumb and its session cookie; reads the queue item from Location', async () => {
    const res = await adapter().triggerBuild('api', undefined);
    expect(res).toMatchObject({ job: 'api', queued: true, queueItemId: expect.any(Number) });
    expect(res.queueUrl).toBe(`${jenkins.url}/queue/item/${res.queueItemId}/`);
    const post = jenkins.requests.at(-1)!;
    expect(post.method).toBe('POST');
    expect(post.headers['jenkins-crumb']).toBe('c7a1b2c3d4');
    expect(post.headers.cookie).toMatch(/JSESSIONID/);
    const withParams = await adapter().triggerBuild('params', { VERSION: '1.2.3' });
    expect(withParams.queued).toBe(true);
    expect(jenkins.triggered.at(-1)).toEqual({ job: 'params', params: { VERSION: '1.2.3' } });
    await expect(adapter().triggerBuild('missing', undefined)).rejects.toBeInstanceOf(NotFound);
  });

  it('triggers without a crumb when the server issues none', async () => {
    jenkins.crumbs = false;
    try {
      const res = await adapter().triggerBuild('api', undefined);
      expect(res.queued).toBe(true);
      expect(jenkins.requests.at(-1)!.headers['jenkins-crumb']).toBeUndefined();
    } finally {
      jenkins.crumbs = true;
    }
  });

  it('refusals are UpstreamRefused naming the platform (401 bad token, 403 no permission)', async () => {
    const err = await adapter('bad')
      .listJobs()
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamRefused);
    expect(err.message).toContain('serverci');
    jenkins.users.set('reader', 'reader-token');
    jenkins.readOnlyUsers.add('reader');
    await expect(
      adapter('reader-token', jenkins.url, 2000, 'reader').triggerBuild('api', undefined),
    ).rejects.toBeInstanceOf(UpstreamRefused);
  });

  it('unreachable or slow: Unavailable', async () => {
    await expect(adapter('jenkins-api-token', await closedPort()).listJobs()).rejects.toBeInstanceOf(Unavailable);
    jenkins.hang = true;
    try {
      await expect(adapter('jenkins-api-token', jenkins.url, 300).listJobs()).rejects.toBeInstanceOf(Unavailable);
    } finally {
      jenkins.hang = false;
    }
  });
});
