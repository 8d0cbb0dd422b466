import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { gitRepos } from './git-repo.js';

// POST /api/v1/catalog/locations/:id/refresh (decision 781): the portal's "Refresh" on a stored location.
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

const component = (name: string) =>
  `apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata: { name: ${name} }\nspec: { type: service, lifecycle: production, owner: team-a }\n`;

describe('refreshing a catalog location', () => {
  it('re-reads it now, records the time, and records an unreachable repository as its last error', async () => {
    const repo = repos.make({ 'catalog-info.yaml': component('refresh-one') });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/catalog/locations',
      headers: admin,
      payload: { url: repo.url },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const id = registered.json().location.id as string;

    repos.change(repo.dir, { 'catalog-info.yaml': `${component('refresh-one')}---\n${component('refresh-two')}` });
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/catalog/locations/${id}/refresh`,
      headers: admin,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({
      created: [{ name: 'refresh-two' }],
      errors: [],
      location: { id, lastError: null },
    });
    expect(refreshed.json().location.lastRefreshedAt).toEqual(expect.any(String));

    rmSync(repo.dir, { recursive: true, force: true });
    const failed = expectError(
      await t.app.inject({ method: 'POST', url: `/api/v1/catalog/locations/${id}/refresh`, headers: admin }),
      400,
    );
    expect(failed.message).toMatch(/^Could not clone repository/);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/catalog/locations', headers: admin })).json();
    expect(list.data.find((l: { id: string }) => l.id === id).lastError).toMatch(/^Could not clone repository/);
  });

  it('is for admins; an unknown location is 404', async () => {
    const user = await t.newUser('loc');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/catalog/locations/${crypto.randomUUID()}/refresh`,
        headers: bearer(user.token),
      }),
      403,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/catalog/locations/${crypto.randomUUID()}/refresh`,
        headers: admin,
      }),
      404,
    );
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/v1/catalog/locations/not-a-uuid/refresh', headers: admin }),
      400,
    );
  });
});
