import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { systemCaller } from '../../../src/kernel/caller.js';
import { expectError } from '../../helpers/app.js';
import {
  FIXTURES,
  ENTITY_FILES,
  COMPONENT_ROWS,
  t,
  repos,
  inject,
  registerYaml,
  all,
  entity,
  useBackstageApp,
} from './catalog-backstage-setup.js';

useBackstageApp();

// Every example file registered twice, through HTTP: about 15 s on a quiet machine, past 30 s when it
// runs first beside the suite's heaviest files (a module's first calls compile the validators).
describe('the Backstage example catalog', { timeout: 120_000 }, () => {
  it('registers file by file with register-yaml, twice without duplicates', async () => {
    const first: Record<string, any> = {};
    for (const file of ENTITY_FILES) {
      const res = await registerYaml(readFileSync(join(FIXTURES, file), 'utf8'));
      expect(res.statusCode, `${file}: ${res.body}`).toBe(201);
      first[file] = res.json();
    }
    expect(Object.values(first).flatMap((r) => r.created)).toHaveLength(COMPONENT_ROWS);
    expect(first['components/track-search-component.yaml'].created[0]).toMatchObject({
      name: 'track-search',
      entityRef: 'component:default/track-search',
    });
    expect(first['acme/org.yaml']).toMatchObject({
      teams: ['group:default/soundwave'],
      skipped: [{ document: 2, kind: 'Location', name: 'example-groups' }],
    });
    expect(first['ai-resources/review-skill.yaml']).toMatchObject({
      created: [],
      skipped: [{ document: 1, kind: 'AiResource', name: 'review-skill' }],
    });
    expect(first['templates/service-template.yaml'].skipped[0]).toMatchObject({
      kind: 'Template',
      name: 'node-service',
    });
    // $text cannot be resolved without a repository: reported, the API is still stored.
    expect(first['apis/playlist-webhooks-api.yaml'].created).toHaveLength(1);
    expect(first['apis/playlist-webhooks-api.yaml'].errors[0].message).toMatch(
      /\$text \.\/playlist-webhooks\.oas\.yaml/,
    );

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
    expect(body.files).toEqual(
      expect.arrayContaining([
        'all.yaml',
        'all-apis.yaml',
        'apis/playlist-api.yaml',
        'acme/org.yaml',
        'acme/core-group.yaml',
      ]),
    );
    expect(body.files).not.toContain('invalid/invalid-component.yaml');
    // Everything was registered file by file before: same entities, now with a source.
    expect(body.created).toEqual([]);
    expect(body.updated.length + body.unchanged.length).toBe(COMPONENT_ROWS);
    expect(body.updated[0].source).toEqual({ locationId: body.location.id, file: expect.any(String) });
    expect(body.teams).toHaveLength(5);
    expect(body.people).toHaveLength(4);
    expect(body.skipped.map((s: any) => s.kind).sort()).toEqual(['AiResource', 'Template']);
    expect(body.errors).toEqual([
      {
        file: 'all.yaml',
        document: 1,
        message: expect.stringMatching(/https:\/\/github\.com.*outside the repository/),
      },
    ]);
    expect(body.location).toMatchObject({
      url: repo.url,
      branch: null,
      path: 'all.yaml',
      lastError: expect.any(String),
    });

    const again = (await inject('POST', '/api/v1/catalog/locations', { url: repo.url, path: 'all.yaml' })).json();
    expect(again.created).toEqual([]);
    expect(again.updated).toEqual([]);
    expect(again.unchanged).toHaveLength(COMPONENT_ROWS);
    expect(again.location.id).toBe(body.location.id);
    expect((await all()).total).toBe(COMPONENT_ROWS);
    const locations = (await inject('GET', '/api/v1/catalog/locations')).json();
    expect(locations.data.filter((l: any) => l.url === repo.url)).toHaveLength(1);
  });

  it('refuses invalid entities as Backstage does', async () => {
    const body = expectError(
      await registerYaml(readFileSync(join(FIXTURES, 'invalid/invalid-component.yaml'), 'utf8')),
      400,
    );
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
