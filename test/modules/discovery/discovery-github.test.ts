import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { startFakeGithub, type FakeGithub } from '../../fakes/servers/github-server.js';
import type { HostedRepo } from '../../fakes/servers/repo-host.js';
import { api, component, credential, entity, env, githubDelivery, scan } from './helpers.js';

let t: TestApp;
let gh: FakeGithub;
let sourceId: string;
const repos: HostedRepo[] = [];

beforeAll(async () => {
  t = await buildTestApp(env);
  gh = await startFakeGithub();
  for (let i = 0; i < 40; i++) repos.push(gh.host.add('acme', `svc-${i}`, { file: component(`gh-svc-${i}`) }));
  gh.host.add('acme', 'old', { archived: true, file: component('gh-archived') });
  gh.host.add('acme', 'new-and-empty', { empty: true });
  gh.host.add('acme', 'no-catalog-file', {});
  gh.host.add('acme', 'broken-yaml', { file: 'kind: [Component\n  : : :' });
  const credentialId = await credential(t, 'github', { token: gh.token });
  const res = await api(t, 'POST', '/api/v1/catalog/discovery', {
    provider: 'github',
    baseUrl: gh.url,
    owner: 'acme',
    credentialId,
  });
  expect(res.statusCode, res.body).toBe(201);
  expect(res.json()).toMatchObject({
    filePath: 'catalog-info.yaml',
    schedule: '0 * * * *',
    includeArchived: false,
    branch: null,
    lastScan: { state: 'never' },
  });
  sourceId = res.json().id;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await gh?.close();
});

describe('discovery sources (admin)', () => {
  it('refuses what cannot work with a 400 naming the field', async () => {
    const credentialId = (await api(t, 'GET', `/api/v1/catalog/discovery/${sourceId}`)).json().credentialId;
    const base = { provider: 'github', owner: 'acme', credentialId, baseUrl: gh.url };
    for (const [patch, field] of [
      [{ schedule: 'every day' }, 'schedule'],
      [{ repositoryPattern: '(?<=a)b' }, 'repositoryPattern'],
      [{ baseUrl: 'http://169.254.169.254/latest' }, 'baseUrl'],
      [{ provider: 'gitlab' }, 'credentialId'],
      [{ filePath: '../etc/passwd' }, 'filePath'],
    ] as const) {
      const body = expectError(await api(t, 'POST', '/api/v1/catalog/discovery', { ...base, ...patch }), 400);
      expect(JSON.stringify(body)).toContain(field);
    }
    const user = await t.newUser('not-admin');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/catalog/discovery',
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(403);
    expectError(await api(t, 'GET', `/api/v1/catalog/discovery/${crypto.randomUUID()}/status`), 404);
  }, 300_000);

  it('lists, reads and changes a source', async () => {
    expect((await api(t, 'GET', '/api/v1/catalog/discovery')).json().map((s: { id: string }) => s.id)).toContain(
      sourceId,
    );
    const res = await api(t, 'PATCH', `/api/v1/catalog/discovery/${sourceId}`, { schedule: '*/30 * * * *' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().schedule).toBe('*/30 * * * *');
  }, 300_000);
});

describe('a GitHub organization scan', () => {
  it('registers every catalog file as a location and reports per-repository errors', async () => {
    const { status } = await scan(t, sourceId);
    expect(status).toMatchObject({
      state: 'finished',
      repositoriesSeen: 44,
      filesFound: 41,
      entities: { created: 40, removed: 0 },
    });
    expect(status.errors.map((e: { repository: string }) => e.repository)).toEqual(['acme/broken-yaml']);
    expect(status.requests.made).toBeGreaterThan(40);
    expect(status.rateLimit.remaining).not.toBeNull();
    const found = await entity(t, 'gh-svc-3');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().source).toMatchObject({ file: 'catalog-info.yaml' });
    const locations = (await api(t, 'GET', '/api/v1/catalog/locations?take=100')).json().data as { id: string }[];
    expect(locations.find((l) => l.id === found.json().source.locationId)).toMatchObject({
      url: `${gh.url}/acme/svc-3`,
      path: 'catalog-info.yaml',
      branch: 'main',
    });
    expect((await entity(t, 'gh-archived')).statusCode).toBe(404);
  }, 300_000);

  it('costs only 304s when nothing changed', async () => {
    gh.host.resetCounters();
    const { status } = await scan(t, sourceId);
    expect(status.state).toBe('finished');
    expect(gh.host.counters.total).toBeGreaterThan(0);
    expect(gh.host.counters.notModified).toBe(gh.host.counters.total);
    expect(status.requests).toEqual({ made: gh.host.counters.total, notModified: gh.host.counters.total });
  }, 300_000);

  it('reads only what was pushed since, and removes what lost its file', async () => {
    gh.host.push(repos[5]!, 'catalog-info.yaml', component('gh-svc-5', 'Changed by a push'));
    gh.host.push(repos[6]!, 'catalog-info.yaml', null);
    gh.host.resetCounters();
    const { status } = await scan(t, sourceId);
    expect(status.entities).toMatchObject({ updated: 1, removed: 1 });
    expect(gh.host.counters.byKind.file).toBe(2);
    expect((await entity(t, 'gh-svc-5')).json().description).toBe('Changed by a push');
    expect((await entity(t, 'gh-svc-6')).statusCode).toBe(404);
  }, 300_000);

  it('makes a pushed change visible through the API within 2 s of the push webhook', async () => {
    const repo = repos[7]!;
    gh.host.push(repo, 'catalog-info.yaml', component('gh-svc-7', 'Pushed just now'));
    const res = await githubDelivery(t, 'push', {
      ref: 'refs/heads/main',
      repository: { id: repo.id, full_name: 'acme/svc-7', default_branch: 'main', owner: { login: 'acme' } },
      commits: [{ id: 'abc', added: [], modified: ['catalog-info.yaml'], removed: [] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe('refresh-queued');
    await expect
      .poll(async () => (await entity(t, 'gh-svc-7')).json().description, { timeout: 2000, interval: 25 })
      .toBe('Pushed just now');
  }, 300_000);

  it('ignores a push to another branch or not touching the catalog file', async () => {
    const repository = { id: repos[8]!.id, full_name: 'acme/svc-8', default_branch: 'main', owner: { login: 'acme' } };
    const other = await githubDelivery(t, 'push', {
      ref: 'refs/heads/feature',
      repository,
      commits: [{ modified: ['catalog-info.yaml'] }],
    });
    expect(other.json()).toMatchObject({ outcome: 'ignored' });
    const untouched = await githubDelivery(t, 'push', {
      ref: 'refs/heads/main',
      repository,
      commits: [{ modified: ['README.md'], added: [], removed: [] }],
    });
    expect(untouched.json().outcome).toBe('ignored');
  }, 300_000);

  it('applies archive and delete repository events', async () => {
    const archived = repos[9]!;
    archived.archived = true;
    const res = await githubDelivery(t, 'repository', {
      action: 'archived',
      repository: { id: archived.id, full_name: 'acme/svc-9', owner: { login: 'acme' } },
    });
    expect(res.json().outcome).toBe('refresh-queued');
    await expect.poll(async () => (await entity(t, 'gh-svc-9')).statusCode, { timeout: 5000, interval: 25 }).toBe(404);
    const deleted = repos[10]!;
    gh.host.repos.delete(deleted.id);
    await githubDelivery(t, 'repository', {
      action: 'deleted',
      repository: { id: deleted.id, full_name: 'acme/svc-10', owner: { login: 'acme' } },
    });
    await expect.poll(async () => (await entity(t, 'gh-svc-10')).statusCode, { timeout: 5000, interval: 25 }).toBe(404);
  }, 300_000);

  it('pauses on the rate limit and still finishes', async () => {
    await api(t, 'PATCH', `/api/v1/catalog/discovery/${sourceId}`, { includeArchived: true });
    gh.host.limits = { ...gh.host.limits, budget: 10, windowMs: 1500 };
    try {
      const { status, states } = await scan(t, sourceId, 60_000);
      expect(status.state).toBe('finished');
      expect(states.has('paused') || gh.host.counters.limited > 0).toBe(true);
      expect(gh.host.counters.limited + (status.rateLimit.remaining === 0 ? 1 : 0)).toBeGreaterThan(0);
      expect((await entity(t, 'gh-archived')).statusCode).toBe(200);
    } finally {
      gh.host.limits = { ...gh.host.limits, budget: Infinity };
    }
  }, 300_000);
});
