import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemCaller } from '../../../src/kernel/caller.js';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { gitRepos } from './git-repo.js';

// The fixture catalog is shaped like Backstage's own example catalog (packages/catalog-model/examples).
const FIXTURES = join(import.meta.dirname, '../../fixtures/backstage');
const ENTITY_FILES = walk(FIXTURES).filter((f) => /\.ya?ml$/.test(f) && !f.startsWith('invalid/') && !f.endsWith('.oas.yaml'));
const COMPONENT_ROWS = 17;

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [relative(FIXTURES, full)];
  });
}

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

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, headers: admin, payload });
const registerYaml = (yaml: string) => inject('POST', '/api/v1/catalog/register-yaml', { yaml });
const all = async (q = '') => (await inject('GET', `/api/v1/catalog/components?take=100${q}`)).json();
const entity = async (ref: string) => inject('GET', `/api/v1/catalog/entities/${ref.replace(':', '/')}`);

describe('the Backstage example catalog', () => {
  it('registers file by file with register-yaml, twice without duplicates', async () => {
    const first: Record<string, any> = {};
    for (const file of ENTITY_FILES) {
      const res = await registerYaml(readFileSync(join(FIXTURES, file), 'utf8'));
      expect(res.statusCode, `${file}: ${res.body}`).toBe(201);
      first[file] = res.json();
    }
    expect(Object.values(first).flatMap((r) => r.created)).toHaveLength(COMPONENT_ROWS);
    expect(first['components/track-search-component.yaml'].created[0]).toMatchObject({ name: 'track-search', entityRef: 'component:default/track-search' });
    expect(first['acme/org.yaml']).toMatchObject({ teams: ['group:default/soundwave'], skipped: [{ document: 2, kind: 'Location', name: 'example-groups' }] });
    expect(first['ai-resources/review-skill.yaml']).toMatchObject({ created: [], skipped: [{ document: 1, kind: 'AiResource', name: 'review-skill' }] });
    expect(first['templates/service-template.yaml'].skipped[0]).toMatchObject({ kind: 'Template', name: 'node-service' });
    // $text cannot be resolved without a repository: reported, the API is still stored.
    expect(first['apis/playlist-webhooks-api.yaml'].created).toHaveLength(1);
    expect(first['apis/playlist-webhooks-api.yaml'].errors[0].message).toMatch(/\$text \.\/playlist-webhooks\.oas\.yaml/);

    const before = await all();
    for (const file of ENTITY_FILES) {
      const body = (await registerYaml(readFileSync(join(FIXTURES, file), 'utf8'))).json();
      expect(body.created, file).toEqual([]);
      expect(body.updated, file).toEqual([]);
    }
    const after = await all();
    expect(after.total).toBe(before.total);
    expect(after.data.map((c: any) => c.updatedAt)).toEqual(before.data.map((c: any) => c.updatedAt));
  });

  it('registers as one location from all.yaml, following Location targets, twice without duplicates', async () => {
    const repo = repos.make({}, FIXTURES);
    const res = await inject('POST', '/api/v1/catalog/locations', { url: repo.url, path: 'all.yaml' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.files).toEqual(expect.arrayContaining(['all.yaml', 'all-apis.yaml', 'apis/playlist-api.yaml', 'acme/org.yaml', 'acme/core-group.yaml']));
    expect(body.files).not.toContain('invalid/invalid-component.yaml');
    // Everything was registered file by file before: same entities, now with a source.
    expect(body.created).toEqual([]);
    expect(body.updated.length + body.unchanged.length).toBe(COMPONENT_ROWS);
    expect(body.updated[0].source).toEqual({ locationId: body.location.id, file: expect.any(String) });
    expect(body.teams).toHaveLength(5);
    expect(body.people).toHaveLength(4);
    expect(body.skipped.map((s: any) => s.kind).sort()).toEqual(['AiResource', 'Template']);
    expect(body.errors).toEqual([{ file: 'all.yaml', document: 1, message: expect.stringMatching(/https:\/\/github\.com.*outside the repository/) }]);
    expect(body.location).toMatchObject({ url: repo.url, branch: null, path: 'all.yaml', lastError: expect.any(String) });

    const again = (await inject('POST', '/api/v1/catalog/locations', { url: repo.url, path: 'all.yaml' })).json();
    expect(again.created).toEqual([]);
    expect(again.updated).toEqual([]);
    expect(again.unchanged).toHaveLength(COMPONENT_ROWS);
    expect(again.location.id).toBe(body.location.id);
    expect((await all()).total).toBe(COMPONENT_ROWS);
    const locations = (await inject('GET', '/api/v1/catalog/locations')).json();
    expect(locations.data.filter((l: any) => l.url === repo.url)).toHaveLength(1);
  });

  it('keeps every field of a component', async () => {
    const c = (await entity('component:default/track-search')).json();
    expect(c).toMatchObject({
      name: 'track-search',
      namespace: 'default',
      title: 'Track Search',
      entityKind: 'Component',
      kind: 'service',
      type: 'service',
      owner: 'core',
      lifecycle: 'production',
      description: 'Finds tracks by title, artist and lyrics',
      tags: ['java', 'search'],
      labels: { tier: 'gold', language: 'java' },
      annotations: { 'hangar.io/image': 'registry.example.com/track-search:2.4.1', 'backstage.io/techdocs-ref': 'dir:.' },
      links: [
        { url: 'https://dashboards.example.com/track-search', title: 'Dashboard', icon: 'dashboard' },
        { url: 'https://runbooks.example.com/track-search', title: 'Runbook', icon: 'help', type: 'runbook' },
      ],
      orphan: false,
    });
    const core = (await entity('group:default/core')).json();
    expect(c.teamId).toBe(core.id);
    const legacy = (await entity('component:legacy/legacy-importer')).json();
    expect(legacy).toMatchObject({ namespace: 'legacy', owner: 'default/data', teamId: (await entity('group:default/data')).json().id });
    expect((await entity('component:default/podcast-feed')).json()).toMatchObject({ owner: 'user:guest', ownerUserRef: 'user:default/guest', teamId: null });
    expect((await entity('system:default/catalogue')).json()).toMatchObject({ kind: 'system', entityKind: 'System', type: 'feature-set', lifecycle: null });
    expect((await entity('resource:default/tracks-db')).json()).toMatchObject({ kind: 'database', entityKind: 'Resource', lifecycle: null });
    expect((await entity('api:default/playlist-api')).json()).toMatchObject({ kind: 'api', entityKind: 'API', type: 'openapi' });
    expect((await entity('component:default/billing-worker')).json()).toMatchObject({ kind: 'component', type: 'queue-worker' });
    expect((await entity('API:default/codec-grpc')).statusCode).toBe(200);
    expectError(await entity('component:default/nope'), 404);
    expectError(await entity('template:default/node-service'), 400);
  });

  it('keeps relations in both directions with resolved ids', async () => {
    const svc = (await entity('component:default/playlist-service')).json();
    const rel = (await inject('GET', `/api/v1/catalog/components/${svc.id}/relations`)).json();
    const byType = (type: string) => rel.filter((r: any) => r.type === type).map((r: any) => r.target);
    expect(rel.every((r: any) => r.source === 'component:default/playlist-service')).toBe(true);
    expect(byType('ownedBy')).toEqual(['group:default/apps']);
    expect(byType('partOf')).toEqual(['system:default/listening']);
    expect(byType('providesApi').sort()).toEqual(['api:default/playlist-api', 'api:default/playlist-webhooks', 'api:default/track-events']);
    expect(byType('consumesApi')).toEqual(['api:default/search-graphql']);
    // billing-worker declares `dependencyOf: playlist-service`: the other side of that edge is here.
    expect(byType('dependsOn').sort()).toEqual(['component:default/billing-worker', 'component:default/track-search', 'resource:default/tracks-db']);
    expect(byType('dependencyOf')).toEqual([]);
    expect(byType('apiConsumedBy')).toEqual([]);
    const apps = (await entity('group:default/apps')).json();
    expect(rel.find((r: any) => r.type === 'ownedBy').targetId).toBe(apps.id);
    for (const r of rel) expect(r.targetId, r.target).not.toBeNull();

    const api = (await entity('api:default/playlist-api')).json();
    const apiRel = (await inject('GET', `/api/v1/catalog/components/${api.id}/relations`)).json();
    expect(apiRel.filter((r: any) => r.type === 'apiProvidedBy').map((r: any) => r.target)).toEqual(['component:default/playlist-service']);
    expect(apiRel.filter((r: any) => r.type === 'apiConsumedBy').map((r: any) => r.target)).toEqual(['component:default/web-player']);
    const system = (await entity('system:default/listening')).json();
    const parts = (await inject('GET', `/api/v1/catalog/components/${system.id}/relations`)).json();
    expect(parts.filter((r: any) => r.type === 'hasPart').map((r: any) => r.target)).toEqual(
      expect.arrayContaining(['component:default/playlist-service', 'api:default/playlist-api']),
    );
    expect(parts.filter((r: any) => r.type === 'partOf').map((r: any) => r.target)).toEqual(['domain:default/music']);
  });

  it('makes groups teams with parents and users people with teams', async () => {
    const soundwave = (await entity('group:default/soundwave')).json();
    const platform = (await entity('group:default/platform')).json();
    const apps = (await entity('group:default/apps')).json();
    const core = (await entity('group:default/core')).json();
    expect(soundwave).toMatchObject({ name: 'soundwave', displayName: 'Soundwave Inc.', parentTeamId: null, type: 'other' });
    expect(platform).toMatchObject({ displayName: 'Platform', contactEmail: 'platform@example.com', parentTeamId: soundwave.id });
    // apps names no parent: platform's `children` resolve it.
    expect(apps.parentTeamId).toBe(platform.id);
    expect(core).toMatchObject({ displayName: 'core', parentTeamId: platform.id });
    expect((await entity('group:default/data')).json()).toMatchObject({ type: 'data', parentTeamId: soundwave.id });

    const people = (await inject('GET', '/api/v1/catalog/people?take=100')).json();
    expect(people.total).toBe(4);
    const byRef = Object.fromEntries(people.data.map((p: any) => [p.entityRef, p]));
    expect(byRef['user:default/alice']).toMatchObject({
      name: 'alice',
      namespace: 'default',
      displayName: 'Alice Example',
      email: 'alice@example.com',
      teams: ['core'],
      accountId: null,
    });
    expect(byRef['user:default/bob'].teams).toEqual(['apps']);
    expect(byRef['user:contractors/guest']).toMatchObject({ teams: ['data'], displayName: 'Guest Contractor' });
    expect(
      (await inject('GET', '/api/v1/catalog/people?team=core'))
        .json()
        .data.map((p: any) => p.entityRef)
        .sort(),
    ).toEqual(['user:default/alice', 'user:default/guest']);
    expect((await entity('user:contractors/guest')).json()).toMatchObject({ name: 'guest', namespace: 'contractors' });
  });

  it('turns API definitions into API specs of the component, with consumers; a changed definition adds a version', async () => {
    const specsOf = async (ref: string) => {
      const c = (await entity(ref)).json();
      return (await inject('GET', `/api/v1/catalog/components/${c.id}/api-specs`)).json();
    };
    const playlist = await specsOf('api:default/playlist-api');
    expect(playlist).toHaveLength(1);
    expect(playlist[0]).toMatchObject({ name: 'playlist-api', format: 'openapi', status: 'active' });
    expect((await specsOf('api:default/track-events'))[0]).toMatchObject({ format: 'asyncapi' });
    expect((await specsOf('api:default/codec-grpc'))[0]).toMatchObject({ format: 'grpc' });
    // $text resolved against the repository by the location; version from hangar.io/api-version
    expect(await specsOf('api:default/playlist-webhooks')).toEqual([expect.objectContaining({ version: '2.1.0', format: 'openapi' })]);
    const player = (await entity('component:default/web-player')).json();
    const consumed = (await inject('GET', `/api/v1/catalog/components/${player.id}/consumed-apis`)).json();
    expect(consumed.map((x: any) => x.id)).toContain(playlist[0].id);

    const repo = repos.make({}, FIXTURES);
    const text = readFileSync(join(repo.dir, 'apis/playlist-api.yaml'), 'utf8');
    repos.change(repo.dir, {
      'apis/playlist-api.yaml': text.replace(
        '      /playlists/{playlistId}:',
        '      /playlists/{playlistId}/tracks:\n        get:\n          responses:\n            "200":\n              description: tracks\n      /playlists/{playlistId}:',
      ),
    });
    const res = (await inject('POST', '/api/v1/catalog/locations', { url: repo.url, path: 'all.yaml' })).json();
    expect(res.updated.map((c: any) => c.name)).toEqual(expect.arrayContaining(['playlist-api']));
    const after = await specsOf('api:default/playlist-api');
    expect(after).toHaveLength(2);
    const commit = repos.git(repo.dir, 'rev-parse', '--short=7', 'HEAD').trim();
    expect(after.map((x: any) => x.version)).toContain(commit);
    const newest = after.find((x: any) => x.version === commit);
    const diff = (await inject('GET', `/api/v1/api-specs/${newest.id}/diff?compareWith=${playlist[0].id}`)).json();
    expect(diff.totalChanges).toBeGreaterThan(0);
  });

  it('refuses invalid entities as Backstage does', async () => {
    const body = expectError(await registerYaml(readFileSync(join(FIXTURES, 'invalid/invalid-component.yaml'), 'utf8')), 400);
    expect(body.message).toMatch(/^document 1: "metadata.name" is not valid/);
    expect(body.message).not.toContain('\n');
  });

  it('marks entities gone from their location orphan, and back when they return', async () => {
    const repo = repos.make({ 'catalog-info.yaml': '' }, FIXTURES);
    const res = (await inject('POST', '/api/v1/catalog/locations', { url: repo.url, path: 'all.yaml' })).json();
    const file = readFileSync(join(repo.dir, 'components/billing-worker-component.yaml'), 'utf8');
    repos.change(repo.dir, { 'components/billing-worker-component.yaml': null });
    await t.app.hangar.modules.catalog.refreshLocation(systemCaller(), res.location.id);
    expect((await entity('component:default/billing-worker')).json().orphan).toBe(true);
    expect((await all('&orphan=true')).data.map((c: any) => c.name)).toEqual(['billing-worker']);
    repos.change(repo.dir, { 'components/billing-worker-component.yaml': file });
    await t.app.hangar.modules.catalog.refreshLocation(systemCaller(), res.location.id);
    expect((await entity('component:default/billing-worker')).json().orphan).toBe(false);
    expect((await inject('DELETE', `/api/v1/catalog/locations/${res.location.id}`)).statusCode).toBe(204);
    expectError(await inject('DELETE', `/api/v1/catalog/locations/${res.location.id}`), 404);
    expect((await entity('component:default/billing-worker')).json().source).toMatchObject({ locationId: null });
  });
});
