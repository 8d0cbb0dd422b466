import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { startFakeGithub, type FakeGithub } from '../../fakes/servers/github-server.js';
import { api, component, credential, env, scan } from './helpers.js';

/** The scale: 5,000 repositories (every 50th without a catalog file), then a rescan with nothing changed. */
const REPOSITORIES = 5000;
let t: TestApp;
let gh: FakeGithub;

beforeAll(async () => {
  t = await buildTestApp(env);
  gh = await startFakeGithub();
  for (let i = 0; i < REPOSITORIES; i++)
    gh.host.add('bigorg', `repo-${i}`, { file: i % 50 === 0 ? null : component(`big-${i}`) });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await gh?.close();
});

it('scans 5,000 repositories, then rescans them with 304s only', async () => {
  const credentialId = await credential(t, 'github', { token: gh.token });
  const sourceId = (
    await api(t, 'POST', '/api/v1/catalog/discovery', {
      provider: 'github',
      baseUrl: gh.url,
      owner: 'bigorg',
      credentialId,
    })
  ).json().id;
  // Generous: the time is the bench's to measure (BENCHMARKS.md), not this test's; a loaded machine is slow.
  const first = await scan(t, sourceId, 1_500_000);
  expect(first.status).toMatchObject({
    state: 'finished',
    error: null,
    repositoriesSeen: REPOSITORIES,
    filesFound: REPOSITORIES - 100,
    entities: { created: REPOSITORIES - 100 },
  });
  expect(gh.host.counters.byKind.list).toBe(REPOSITORIES / 100);
  gh.host.resetCounters();
  const second = await scan(t, sourceId, 300_000);
  expect(second.status).toMatchObject({
    state: 'finished',
    repositoriesSeen: REPOSITORIES,
    entities: { created: 0, updated: 0, removed: 0 },
  });
  // Every listing page answered 304: no file is read, nothing costs rate limit.
  expect(gh.host.counters).toMatchObject({ total: REPOSITORIES / 100, notModified: REPOSITORIES / 100 });
}, 1_900_000);
