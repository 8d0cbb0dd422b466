import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCaller } from '../../../src/kernel/caller.js';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { gitRepos } from './git-repo.js';

// Files copied unchanged from backstage/backstage packages/catalog-model/examples (see the README there).
const EXAMPLES = join(import.meta.dirname, '../../fixtures/backstage-examples');
const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [relative(EXAMPLES, full)];
  });
const FILES = walk(EXAMPLES).filter(
  (f) => f.endsWith('.yaml') && !f.endsWith('.oas.yaml') && f !== 'components/invalid-component.yaml',
);
const read = (file: string) => readFileSync(join(EXAMPLES, file), 'utf8');

let t: TestApp;
let admin: Record<string, string>;
const repos = gitRepos();
beforeAll(async () => {
  t = await buildTestApp({ GIT_ALLOW_FILE_URLS: 'true', CATALOG_REFRESH_INTERVAL_S: '0' });
  admin = bearer(await t.adminToken());
});
afterAll(async () => {
  await t?.close();
  repos.cleanup();
});

const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: admin, payload });
const registerYaml = (yaml: string) => inject('POST', '/api/v1/catalog/register-yaml', { yaml });
const entity = async (ref: string) => inject('GET', `/api/v1/catalog/entities/${ref.replace(':', '/')}`);
const relations = async (ref: string) =>
  (await inject('GET', `/api/v1/catalog/components/${(await entity(ref)).json().id}/relations`)).json();

describe("Backstage's own example catalog", () => {
  it('registers every file with register-yaml, twice without changes', async () => {
    for (const file of FILES) {
      const res = await registerYaml(read(file));
      expect(res.statusCode, `${file}: ${res.body}`).toBe(201);
    }
    for (const file of FILES) {
      const body = (await registerYaml(read(file))).json();
      expect(body.created, file).toEqual([]);
      expect(body.updated, file).toEqual([]);
    }
  });

  it('refuses the invalid example component naming document 1', async () => {
    const res = await registerYaml(read('components/invalid-component.yaml'));
    expectError(res, 400);
    expect(res.json().message ?? res.body).toMatch(/document 1/i);
  });

  it('keeps fields, owners and namespaces as written', async () => {
    expect((await entity('component:default/artist-lookup')).json()).toMatchObject({
      name: 'artist-lookup',
      namespace: 'default',
      entityKind: 'Component',
      type: 'service',
      kind: 'service',
      lifecycle: 'experimental',
      owner: 'team-a',
      description: 'Artist Lookup',
      tags: ['java', 'data'],
      annotations: { 'buildkite.com/project-slug': 'nutrien/digital-k8s' },
      links: expect.arrayContaining([{ url: 'https://example.com/alert', title: 'Alerts', icon: 'alert' }]),
    });
    expect((await entity('component:alternative/different-namespace')).json()).toMatchObject({
      namespace: 'alternative',
      owner: 'default/team-a',
    });
    expect((await entity('system:default/podcast')).json()).toMatchObject({
      owner: 'user:team-b',
      ownerUserRef: 'user:default/team-b',
      teamId: null,
      lifecycle: null,
    });
    expect((await entity('domain:default/artists')).json()).toMatchObject({
      title: 'Artists',
      links: [{ url: 'http://example.com/domain/artists/', title: 'Domain Readme' }, expect.anything()],
    });
    expect((await entity('resource:default/artists-db')).json()).toMatchObject({ kind: 'database', lifecycle: null });
    const team = (await entity('group:default/team-a')).json();
    expect((await entity('component:alternative/different-namespace')).json().teamId).toBe(team.id);
    expect((await entity('api:default/wokplaceanalytics')).json()).toMatchObject({
      entityKind: 'API',
      description: 'IIP API',
    });
    expect((await entity('component:default/wokplaceanalytics')).json()).toMatchObject({ entityKind: 'Component' });
  });

  it('keeps people of both namespaces with their team', async () => {
    const people = (await inject('GET', '/api/v1/catalog/people?take=100')).json();
    const guests = people.data.filter((p: any) => p.name === 'guest');
    expect(guests.map((p: any) => p.namespace).sort()).toEqual(['default', 'development']);
    for (const g of guests) expect(g.teams).toEqual(['team-a']);
    expect((await entity('user:development/guest')).json()).toMatchObject({
      displayName: 'Guest User',
      email: 'guest@example.com',
    });
  });

  it('keeps relations of the real examples', async () => {
    const lookup = await relations('component:default/artist-lookup');
    expect(lookup).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'partOf',
          target: 'system:default/artist-engagement-portal',
          targetId: expect.any(String),
        }),
        expect.objectContaining({
          type: 'dependsOn',
          target: 'resource:default/artists-db',
          targetId: expect.any(String),
        }),
        expect.objectContaining({ type: 'ownedBy', target: 'group:default/team-a', targetId: expect.any(String) }),
      ]),
    );
    const aware = await relations('component:default/aware');
    expect(
      aware
        .filter((r: any) => r.type === 'providesApi')
        .map((r: any) => r.target)
        .sort(),
    ).toEqual(['api:default/awarecoreinsight', 'api:default/awareproducerservice']);
    const db = await relations('resource:default/artists-db');
    expect(db).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'dependencyOf', target: 'component:default/artist-lookup' }),
      ]),
    );
    const podcast = await relations('system:default/podcast');
    expect(podcast).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'ownedBy', target: 'user:default/team-b' })]),
    );
  });

  it('registers the whole tree as one location, twice', async () => {
    const repo = repos.make({}, EXAMPLES);
    const res = await inject('POST', '/api/v1/catalog/locations', { url: repo.url, path: 'all.yaml' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.files).toEqual(
      expect.arrayContaining(['all.yaml', 'all-apis.yaml', 'apis/workplace-api.yaml', 'systems/podcast-system.yaml']),
    );
    // URL definitions are reported, never fetched; missing target files are reported too.
    expect(
      body.errors.some((e: any) => e.file === 'apis/workplace-api.yaml' && /login\.inpixon\.com/.test(e.message)),
    ).toBe(true);
    expect(body.errors).toContainEqual({
      file: 'apis/analytics-api.yaml',
      document: null,
      message: 'no such file in the repository',
    });
    const n = body.created.length + body.updated.length + body.unchanged.length;
    // jacs, aware, wokplaceanalytics (Component and API), inpixonmappingsdk, artists, playback, artists-db, the two systems.
    expect(n).toBe(10);
    const again = (await inject('POST', '/api/v1/catalog/locations', { url: repo.url, path: 'all.yaml' })).json();
    expect(again.created).toEqual([]);
    expect(again.updated).toEqual([]);
    expect(again.unchanged).toHaveLength(n);
  });
  it('turns the inline petstore definition into an ApiSpec', async () => {
    const api = (await entity('api:default/petstore')).json();
    expect(api).toMatchObject({ entityKind: 'API', type: 'openapi', owner: 'team-c', tags: ['store', 'rest'] });
    const specs = (await inject('GET', `/api/v1/catalog/components/${api.id}/api-specs`)).json();
    expect(specs).toHaveLength(1);
    expect(specs[0]).toMatchObject({ format: 'openapi' });
  });

  it('resolves the $text definition of petstore-webhook inside its repository', async () => {
    const repo = repos.make({}, EXAMPLES);
    const res = await inject('POST', '/api/v1/catalog/locations', {
      url: repo.url,
      path: 'apis/petstore-webhook-api.yaml',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().errors).toEqual([]);
    const api = (await entity('api:default/petstore-webhook')).json();
    const specs = (await inject('GET', `/api/v1/catalog/components/${api.id}/api-specs`)).json();
    expect(specs).toHaveLength(1);
    expect(specs[0]).toMatchObject({ format: 'openapi' });
    const again = (
      await inject('POST', '/api/v1/catalog/locations', { url: repo.url, path: 'apis/petstore-webhook-api.yaml' })
    ).json();
    expect(again.unchanged).toHaveLength(1);
    expect((await inject('GET', `/api/v1/catalog/components/${api.id}/api-specs`)).json()).toHaveLength(1);
  });
  it('registers the acme organization as one location: teams with parents, people with teams, twice', async () => {
    const repo = repos.make({}, EXAMPLES);
    const res = await inject('POST', '/api/v1/catalog/locations', { url: repo.url, path: 'acme/org.yaml' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.teams).toEqual(
      expect.arrayContaining([
        'group:default/acme-corp',
        'group:default/infrastructure',
        'group:default/backstage',
        'group:default/team-a',
      ]),
    );
    expect(body.people).toEqual(
      expect.arrayContaining(['user:default/guest', 'user:development/guest', 'user:default/janelle.dawe']),
    );
    // Targets this copy does not hold (boxoffice, team-b…) are reported, the rest is kept.
    expect(body.errors).toContainEqual({
      file: 'acme/team-b-group.yaml',
      document: null,
      message: 'no such file in the repository',
    });
    const team = async (name: string) => (await entity(`group:default/${name}`)).json();
    const [corp, infra, bs, a] = [
      await team('acme-corp'),
      await team('infrastructure'),
      await team('backstage'),
      await team('team-a'),
    ];
    expect(infra.parentTeamId).toBe(corp.id);
    expect(bs).toMatchObject({
      parentTeamId: infra.id,
      displayName: 'Backstage',
      description: 'The backstage sub-department',
    });
    expect(a.parentTeamId).toBe(bs.id);
    const again = (await inject('POST', '/api/v1/catalog/locations', { url: repo.url, path: 'acme/org.yaml' })).json();
    expect(again.created).toEqual([]);
    expect(again.updated).toEqual([]);
    expect((await entity('group:default/team-a')).json().updatedAt).toBe(a.updatedAt);
    const people = (await inject('GET', '/api/v1/catalog/people?take=100')).json();
    expect(people.data.filter((p: any) => p.name === 'guest')).toHaveLength(2);
  });
  it('a newer location takes an entity over; the older one does not take it back on refresh', async () => {
    const files = {
      'catalog-info.yaml': read('resources/artists-db-resource.yaml').replace('artists-db', 'shared-db'),
    };
    const [a, b] = [repos.make(files), repos.make(files)];
    const first = (await inject('POST', '/api/v1/catalog/locations', { url: a.url })).json();
    expect(first.created).toHaveLength(1);
    const second = (await inject('POST', '/api/v1/catalog/locations', { url: b.url })).json();
    expect(second.updated).toHaveLength(1);
    expect(second.errors).toEqual([]);
    const source = { locationId: second.location.id, file: 'catalog-info.yaml' };
    expect((await entity('resource:default/shared-db')).json().source).toEqual(source);
    const before = (await entity('resource:default/shared-db')).json().updatedAt;
    const refreshed = await t.app.hangar.modules.catalog.refreshLocation(systemCaller(), first.location.id);
    expect(refreshed.updated).toEqual([]);
    expect(refreshed.errors).toEqual([
      {
        file: 'catalog-info.yaml',
        document: 1,
        message: `resource:default/shared-db is registered by location ${second.location.id}`,
      },
    ]);
    expect((await entity('resource:default/shared-db')).json()).toMatchObject({ source, updatedAt: before });
    expect(
      (await t.app.hangar.modules.catalog.refreshLocation(systemCaller(), second.location.id)).unchanged,
    ).toHaveLength(1);
  });
});
