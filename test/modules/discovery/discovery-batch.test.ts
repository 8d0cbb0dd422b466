import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { startFakeGithub, type FakeGithub } from '../../fakes/servers/github-server.js';
import { api, component, credential, entity, env, scan } from './helpers.js';

/**
 * A listing page written in bulk keeps the rules of locations written one by one (decision 1030):
 * two repositories declaring the same entity are written in page order (the later one's first
 * registration takes it over, as registerLocation does), a file declaring an entity twice is that
 * repository's error, and the other files of the page are written together.
 */
let t: TestApp;
let gh: FakeGithub;

beforeAll(async () => {
  t = await buildTestApp(env);
  gh = await startFakeGithub();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await gh?.close();
});

it('writes a page together, and what its files share in page order', async () => {
  for (let i = 0; i < 5; i++) gh.host.add('batchorg', `solo-${i}`, { file: component(`batch-solo-${i}`) });
  gh.host.add('batchorg', 'first', { file: component('batch-dup', 'from first') });
  gh.host.add('batchorg', 'second', { file: component('batch-dup', 'from second') });
  gh.host.add('batchorg', 'twice', { file: `${component('batch-twice')}---\n${component('batch-twice')}` });
  const credentialId = await credential(t, 'github', { token: gh.token });
  const sourceId = (
    await api(t, 'POST', '/api/v1/catalog/discovery', {
      provider: 'github',
      baseUrl: gh.url,
      owner: 'batchorg',
      credentialId,
    })
  ).json().id;
  const { status } = await scan(t, sourceId);
  expect(status).toMatchObject({ state: 'finished', error: null, repositoriesSeen: 8, filesFound: 8 });
  for (let i = 0; i < 5; i++) expect((await entity(t, `batch-solo-${i}`)).statusCode).toBe(200);
  const dup = (await entity(t, 'batch-dup')).json();
  expect(dup.description).toBe('from second');
  const locations = (await api(t, 'GET', '/api/v1/catalog/locations?take=100')).json().data as {
    id: string;
    url: string;
  }[];
  expect(locations.find((l) => l.id === dup.source.locationId)?.url).toMatch(/\/batchorg\/second$/);
  expect(status.errors.map((e: { repository: string }) => e.repository)).toEqual(['batchorg/twice']);
}, 300_000);
