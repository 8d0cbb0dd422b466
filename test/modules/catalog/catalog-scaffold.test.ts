import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';
import { gitRepos } from './git-repo.js';

let t: TestApp;
let admin: Record<string, string>;
const repos = gitRepos();
beforeAll(async () => {
  t = await buildTestApp({ GIT_ALLOW_FILE_URLS: 'true' });
  admin = bearer(await t.adminToken());
});
afterAll(async () => {
  await t?.close();
  repos.cleanup();
});

async function settle(id: string) {
  // A clone, a render, a push and a catalog registration: on a busy 2-core machine over 30 s.
  const until = Date.now() + 90_000;
  for (;;) {
    const body = (await t.app.inject({ method: 'GET', url: `/api/v1/scaffold-requests/${id}`, headers: admin })).json();
    if (body.status === 'completed' || body.status === 'failed') return body;
    if (Date.now() > until) throw new Error(`scaffold request ${id} still ${body.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('scaffolding into the catalog', () => {
  it(
    'a completed scaffold registers its catalog-info.yaml as a location and reports the component',
    { timeout: 120_000 },
    async () => {
      const templates = (
        await t.app.inject({ method: 'GET', url: '/api/v1/service-templates?take=100', headers: admin })
      ).json().data as any[];
      const backend = templates.find((x) => x.name === 'typescript-backend');
      expect(backend.variables.map((v: any) => v.key)).toContain('OWNER');
      repos.git(repos.root, 'init', '--bare', '--quiet', `${repos.root}/target.git`);
      const target = `file://${repos.root}/target.git`;
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/service-templates/${backend.id}/scaffold`,
        headers: admin,
        payload: {
          targetRepository: target,
          variables: { SERVICE_NAME: 'orders-api', OWNER: 'group:default/checkout' },
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const done = await settle(res.json().id);
      expect(done.status, done.statusMessage).toBe('completed');
      expect(done.renderedFiles).toContain('catalog-info.yaml');
      expect(done.componentId).toEqual(expect.any(String));
      const c = (
        await t.app.inject({ method: 'GET', url: `/api/v1/catalog/components/${done.componentId}`, headers: admin })
      ).json();
      expect(c).toMatchObject({
        name: 'orders-api',
        kind: 'service',
        lifecycle: 'experimental',
        owner: 'group:default/checkout',
        source: { file: 'catalog-info.yaml' },
      });
      const locations = (
        await t.app.inject({ method: 'GET', url: '/api/v1/catalog/locations?take=100', headers: admin })
      ).json();
      expect(locations.data).toContainEqual(
        expect.objectContaining({ id: c.source.locationId, url: target, branch: 'main', path: 'catalog-info.yaml' }),
      );

      const dry = await t.app.inject({
        method: 'POST',
        url: `/api/v1/service-templates/${backend.id}/scaffold/dry-run`,
        headers: admin,
        payload: { targetRepository: target, variables: { SERVICE_NAME: 'dry-api' } },
      });
      expect(dry.json()).toMatchObject({ status: 'completed', componentId: null });
    },
  );
});
