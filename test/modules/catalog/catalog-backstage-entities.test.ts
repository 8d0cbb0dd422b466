import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../helpers/app.js';
import { FIXTURES, repos, inject, entity, useBackstageApp, registerExampleCatalog } from './catalog-backstage-setup.js';

useBackstageApp();

// The entities of the example catalog as read back (registration itself: catalog-backstage.test.ts).
describe('the Backstage example catalog', () => {
  // The two registrations of catalog-backstage.test.ts in one hook: more than the default 60 s on a busy machine.
  beforeAll(registerExampleCatalog, 180_000);

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
      annotations: {
        'hangar.io/image': 'registry.example.com/track-search:2.4.1',
        'backstage.io/techdocs-ref': 'dir:.',
      },
      links: [
        { url: 'https://dashboards.example.com/track-search', title: 'Dashboard', icon: 'dashboard' },
        { url: 'https://runbooks.example.com/track-search', title: 'Runbook', icon: 'help', type: 'runbook' },
      ],
      orphan: false,
    });
    const core = (await entity('group:default/core')).json();
    expect(c.teamId).toBe(core.id);
    const legacy = (await entity('component:legacy/legacy-importer')).json();
    expect(legacy).toMatchObject({
      namespace: 'legacy',
      owner: 'default/data',
      teamId: (await entity('group:default/data')).json().id,
    });
    expect((await entity('component:default/podcast-feed')).json()).toMatchObject({
      owner: 'user:guest',
      ownerUserRef: 'user:default/guest',
      teamId: null,
    });
    expect((await entity('system:default/catalogue')).json()).toMatchObject({
      kind: 'system',
      entityKind: 'System',
      type: 'feature-set',
      lifecycle: null,
    });
    expect((await entity('resource:default/tracks-db')).json()).toMatchObject({
      kind: 'database',
      entityKind: 'Resource',
      lifecycle: null,
    });
    expect((await entity('api:default/playlist-api')).json()).toMatchObject({
      kind: 'api',
      entityKind: 'API',
      type: 'openapi',
    });
    expect((await entity('component:default/billing-worker')).json()).toMatchObject({
      kind: 'component',
      type: 'queue-worker',
    });
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
    expect(byType('providesApi').sort()).toEqual([
      'api:default/playlist-api',
      'api:default/playlist-webhooks',
      'api:default/track-events',
    ]);
    expect(byType('consumesApi')).toEqual(['api:default/search-graphql']);
    // billing-worker declares `dependencyOf: playlist-service`: the other side of that edge is here.
    expect(byType('dependsOn').sort()).toEqual([
      'component:default/billing-worker',
      'component:default/track-search',
      'resource:default/tracks-db',
    ]);
    expect(byType('dependencyOf')).toEqual([]);
    expect(byType('apiConsumedBy')).toEqual([]);
    const apps = (await entity('group:default/apps')).json();
    expect(rel.find((r: any) => r.type === 'ownedBy').targetId).toBe(apps.id);
    for (const r of rel) expect(r.targetId, r.target).not.toBeNull();

    const api = (await entity('api:default/playlist-api')).json();
    const apiRel = (await inject('GET', `/api/v1/catalog/components/${api.id}/relations`)).json();
    expect(apiRel.filter((r: any) => r.type === 'apiProvidedBy').map((r: any) => r.target)).toEqual([
      'component:default/playlist-service',
    ]);
    expect(apiRel.filter((r: any) => r.type === 'apiConsumedBy').map((r: any) => r.target)).toEqual([
      'component:default/web-player',
    ]);
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
    expect(soundwave).toMatchObject({
      name: 'soundwave',
      displayName: 'Soundwave Inc.',
      parentTeamId: null,
      type: 'other',
    });
    expect(platform).toMatchObject({
      displayName: 'Platform',
      contactEmail: 'platform@example.com',
      parentTeamId: soundwave.id,
    });
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
    expect(await specsOf('api:default/playlist-webhooks')).toEqual([
      expect.objectContaining({ version: '2.1.0', format: 'openapi' }),
    ]);
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
});
