import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { createComponent } from '../../fakes/components.js';
import { startFakeHarbor } from '../../fakes/harbor-server.js';

let t: TestApp;
let none: TestApp;
let token: string;
let harbor: Awaited<ReturnType<typeof startFakeHarbor>>;
const MISSING = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  harbor = await startFakeHarbor();
  t = await buildTestApp({
    REGISTRY_TYPE: 'selfhosted',
    REGISTRY_URL: harbor.url,
    REGISTRY_CREDENTIALS: JSON.stringify({ username: 'admin', password: 'Harbor12345' }),
  });
  none = await buildTestApp();
  token = (await t.newUser('reg')).token;
});
afterAll(async () => {
  await t.close();
  await none.close();
  await harbor.close();
});

const get = (app: TestApp, url: string, tok = token) => app.app.inject({ url, headers: bearer(tok) });

describe('registry (self-hosted adapter)', () => {
  it('available, repositories, replications', async () => {
    expect((await get(t, '/api/v1/registry/available')).json()).toEqual({ available: true });
    const repos = await get(t, '/api/v1/registry/repositories');
    expect(repos.statusCode).toBe(200);
    expect(repos.json().map((r: { name: string }) => r.name)).toEqual(['library/app', 'team/sub/api']);
    expect((await get(t, '/api/v1/registry/selfhosted/replications')).json()[0]).toMatchObject({
      id: 7,
      destNamespace: 'dr',
      trigger: { triggerSettings: { cron: '0 0 * * * *' } },
    });
  });

  it('tags, manifest and scan of a URL-encoded name with slashes', async () => {
    const tags = await get(t, '/api/v1/registry/repositories/team%2Fsub%2Fapi/tags');
    expect(tags.statusCode).toBe(200);
    expect(tags.json()).toHaveLength(2);
    const m = await get(t, '/api/v1/registry/repositories/library%2Fapp/manifest/1.0');
    expect(m.json()).toEqual({
      digest: 'sha256:' + 'a'.repeat(64),
      mediaType: 'application/vnd.oci.image.manifest.v1+json',
      sizeBytes: 1234,
      pushedAt: '2024-05-01T10:00:00.000Z',
      tags: ['1.0', 'latest'],
    });
    const scan = await get(t, '/api/v1/registry/repositories/library%2Fapp/scan/1.0');
    expect(scan.json().status).toBe('COMPLETE');
    expect(scan.json().vulnerabilities).toHaveLength(5);
    expectError(await get(t, '/api/v1/registry/repositories/library%2Fapp/manifest/nope'), 404);
    expectError(await get(t, '/api/v1/registry/repositories/library%2Fnope/tags'), 404);
  });

  it('vulnerability sync (inline without a durable queue), list and summary', async () => {
    const c = await createComponent(t, { annotations: { 'hangar.io/image': 'harbor.example.com/library/app:1.0' } });
    const empty = await get(t, `/api/v1/registry/components/${c.id}/vulnerabilities/summary`);
    expect(empty.json()).toEqual({
      componentId: c.id,
      total: 0,
      critical: 0,
      high: 0,
      medium: 0,
      low: 0,
      unknown: 0,
      syncedAt: null,
    });
    const sync = await t.app.inject({
      method: 'POST',
      url: `/api/v1/registry/components/${c.id}/vulnerabilities/sync`,
      headers: bearer(token),
    });
    expect(sync.statusCode).toBe(200);
    expect(sync.json()).toEqual({ queued: false, count: 5 });
    // A second sync replaces the findings rather than adding to them.
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/registry/components/${c.id}/vulnerabilities/sync`,
      headers: bearer(token),
    });
    const list = await get(t, `/api/v1/registry/components/${c.id}/vulnerabilities`);
    expect(list.json()).toHaveLength(5);
    expect(list.json()[0]).toEqual({
      id: expect.any(String),
      componentId: c.id,
      cveId: 'CVE-2024-0001',
      severity: 'CRITICAL',
      package: 'openssl',
      version: '3.0.1',
      fixedVersion: '3.0.9',
      description: 'bad',
      syncedAt: expect.any(String),
    });
    const summary = await get(t, `/api/v1/registry/components/${c.id}/vulnerabilities/summary`);
    expect(summary.json()).toEqual({
      componentId: c.id,
      total: 5,
      critical: 1,
      high: 1,
      medium: 0,
      low: 1,
      unknown: 2,
      syncedAt: expect.any(String),
    });
  });

  it('sync: 404 unknown component, 400 without the image annotation; 400 bad ids', async () => {
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/registry/components/${MISSING}/vulnerabilities/sync`,
        headers: bearer(token),
      }),
      404,
    );
    const bare = await createComponent(t);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/registry/components/${bare.id}/vulnerabilities/sync`,
        headers: bearer(token),
      }),
      400,
    );
    expectError(await get(t, `/api/v1/registry/components/${MISSING}/vulnerabilities`), 404);
    expectError(await get(t, '/api/v1/registry/components/xyz/vulnerabilities/summary'), 400);
    expectError(await t.app.inject({ url: '/api/v1/registry/repositories' }), 401);
  });
});

describe('registry without an adapter', () => {
  it('available false; upstream endpoints 503', async () => {
    const tok = await none.adminToken();
    expect((await get(none, '/api/v1/registry/available', tok)).json()).toEqual({ available: false });
    expectError(await get(none, '/api/v1/registry/repositories', tok), 503);
    expectError(await get(none, '/api/v1/registry/repositories/a%2Fb/tags', tok), 503);
    expectError(await get(none, '/api/v1/registry/selfhosted/replications', tok), 503);
    const c = await createComponent(none, { annotations: { 'hangar.io/image': 'a/b:1' } });
    expectError(
      await none.app.inject({
        method: 'POST',
        url: `/api/v1/registry/components/${c.id}/vulnerabilities/sync`,
        headers: bearer(tok),
      }),
      503,
    );
    expect((await get(none, `/api/v1/registry/components/${c.id}/vulnerabilities`, tok)).json()).toEqual([]);
  });
});

describe('registry names with unencoded slashes', () => {
  it('answers tags and manifest through the wildcard route', async () => {
    expect((await get(t, '/api/v1/registry/repositories/team/sub/api/tags')).json()).toHaveLength(2);
    expect((await get(t, '/api/v1/registry/repositories/library/app/manifest/1.0')).json().digest).toBe(
      'sha256:' + 'a'.repeat(64),
    );
    expect((await get(t, '/api/v1/registry/repositories/library/app/scan/1.0')).json().status).toBe('COMPLETE');
    expectError(await get(t, '/api/v1/registry/repositories/library/app/other'), 404);
  });
});
