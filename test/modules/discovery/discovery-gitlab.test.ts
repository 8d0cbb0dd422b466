import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { startFakeGitlab, type FakeGitlab } from '../../fakes/servers/gitlab-server.js';
import type { HostedRepo } from '../../fakes/servers/repo-host.js';
import { api, component, credential, entity, env, gitlabDelivery, scan } from './helpers.js';

let t: TestApp;
let gl: FakeGitlab;
let sourceId: string;
const repos: HostedRepo[] = [];

beforeAll(async () => {
  t = await buildTestApp(env);
  gl = await startFakeGitlab();
  for (let i = 0; i < 15; i++)
    repos.push(gl.host.add(i % 2 ? 'platform/backend' : 'platform', `proj-${i}`, { file: component(`gl-proj-${i}`) }));
  gl.host.add('platform', 'archived', { archived: true, file: component('gl-archived') });
  gl.host.add('platform', 'empty', { empty: true });
  gl.host.add('elsewhere', 'not-ours', { file: component('gl-not-ours') });
  const credentialId = await credential(t, 'gitlab', { token: gl.token });
  const res = await api(t, 'POST', '/api/v1/catalog/discovery', {
    provider: 'gitlab',
    baseUrl: gl.url,
    owner: 'platform',
    credentialId,
    repositoryPattern: '^platform/',
  });
  expect(res.statusCode, res.body).toBe(201);
  sourceId = res.json().id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await gl?.close();
});

describe('a GitLab group scan (subgroups included)', () => {
  it('registers the catalog files of the group and its subgroups', async () => {
    const { status } = await scan(t, sourceId);
    expect(status).toMatchObject({
      state: 'finished',
      repositoriesSeen: 17,
      filesFound: 15,
      entities: { created: 15 },
      errorCount: 0,
    });
    expect((await entity(t, 'gl-proj-3')).statusCode).toBe(200);
    expect((await entity(t, 'gl-archived')).statusCode).toBe(404);
    expect((await entity(t, 'gl-not-ours')).statusCode).toBe(404);
  }, 300_000);

  it('costs only 304s when nothing changed', async () => {
    gl.host.resetCounters();
    await scan(t, sourceId);
    expect(gl.host.counters.total).toBeGreaterThan(0);
    expect(gl.host.counters.notModified).toBe(gl.host.counters.total);
  }, 300_000);

  it('makes a pushed change visible through the API within 2 s of the Push Hook', async () => {
    const repo = repos[3]!;
    gl.host.push(repo, 'catalog-info.yaml', component('gl-proj-3', 'Pushed to GitLab'));
    const res = await gitlabDelivery(t, 'Push Hook', {
      object_kind: 'push',
      ref: 'refs/heads/main',
      project_id: repo.id,
      project: { id: repo.id, path_with_namespace: 'platform/backend/proj-3', default_branch: 'main' },
      commits: [{ id: 'c1', added: [], modified: ['catalog-info.yaml'], removed: [] }],
      total_commits_count: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(async () => (await entity(t, 'gl-proj-3')).json().description, { timeout: 2000, interval: 25 })
      .toBe('Pushed to GitLab');
  }, 300_000);

  it('refuses a delivery without the right X-Gitlab-Token', async () => {
    expect((await gitlabDelivery(t, 'Push Hook', { ref: 'refs/heads/main' }, 'wrong')).statusCode).toBe(401);
  }, 300_000);

  it('applies a project deletion from a system hook', async () => {
    const repo = repos[4]!;
    gl.host.repos.delete(repo.id);
    const res = await gitlabDelivery(t, 'System Hook', {
      event_name: 'project_destroy',
      project_id: repo.id,
      path_with_namespace: 'platform/proj-4',
    });
    expect(res.json().outcome).toBe('refresh-queued');
    await expect.poll(async () => (await entity(t, 'gl-proj-4')).statusCode, { timeout: 5000, interval: 25 }).toBe(404);
  }, 300_000);
});
