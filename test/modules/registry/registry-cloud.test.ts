import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestDatabase, expectError, type TestApp } from '../../helpers/app.js';
import { startFakeArtifactRegistry } from '../../fakes/artifact-registry-server.js';
import { createComponent } from '../../fakes/components.js';
import { startFakeDockerHub } from '../../fakes/dockerhub-server.js';
import { startFakeEcr } from '../../fakes/ecr-server.js';

/** The registry endpoints over the cloud adapters (three apps on one database). */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ecrApp: TestApp;
let garApp: TestApp;
let hubApp: TestApp;
let ecr: Awaited<ReturnType<typeof startFakeEcr>>;
let gar: Awaited<ReturnType<typeof startFakeArtifactRegistry>>;
let hub: Awaited<ReturnType<typeof startFakeDockerHub>>;

beforeAll(async () => {
  [ecr, gar, hub] = await Promise.all([startFakeEcr(), startFakeArtifactRegistry(), startFakeDockerHub()]);
  db = await createTestDatabase();
  ecrApp = await buildTestApp(
    {
      REGISTRY_TYPE: 'cloudreg_a',
      REGISTRY_URL: '123456789012',
      AWS_ENDPOINT_URL_ECR: ecr.url,
      REGISTRY_CREDENTIALS: JSON.stringify({ accessKeyId: 'AKIA', secretAccessKey: 's', region: 'eu-west-1' }),
    },
    db,
  );
  garApp = await buildTestApp(
    {
      REGISTRY_TYPE: 'cloudreg_b',
      REGISTRY_URL: 'europe-west1',
      ARTIFACT_REGISTRY_API_URL: gar.server.url,
      REGISTRY_CREDENTIALS: JSON.stringify(gar.key),
    },
    db,
  );
  hubApp = await buildTestApp(
    {
      REGISTRY_TYPE: 'hub',
      REGISTRY_URL: hub.url,
      REGISTRY_CREDENTIALS: JSON.stringify({ username: 'acme', password: 'pat' }),
    },
    db,
  );
});
afterAll(async () => {
  for (const a of [ecrApp, garApp, hubApp]) await a?.close();
  await db?.drop();
  await Promise.all([ecr.close(), gar.server.close(), hub.close()]);
});

const get = async (app: TestApp, url: string) => app.app.inject({ url, headers: bearer(await app.adminToken()) });

describe('registry over ECR (cloudreg_a)', () => {
  it('repositories, tags, manifest, scan and a synced component', async () => {
    expect((await get(ecrApp, '/api/v1/registry/available')).json()).toEqual({ available: true });
    expect((await get(ecrApp, '/api/v1/registry/repositories')).json().map((r: { name: string }) => r.name)).toEqual([
      'team/app',
      'other',
    ]);
    expect((await get(ecrApp, '/api/v1/registry/repositories/team%2Fapp/tags')).json()).toHaveLength(2);
    expect((await get(ecrApp, '/api/v1/registry/repositories/team%2Fapp/manifest/latest')).json()).toMatchObject({
      sizeBytes: 4242,
      tags: ['1.0', 'latest'],
    });
    expectError(await get(ecrApp, '/api/v1/registry/repositories/nope/tags'), 404);
    const c = await createComponent(ecrApp, {
      annotations: { 'hangar.io/image': '123456789012.dkr.ecr.eu-west-1.amazonaws.com/team/app:1.0' },
    });
    const sync = await ecrApp.app.inject({
      method: 'POST',
      url: `/api/v1/registry/components/${c.id}/vulnerabilities/sync`,
      headers: bearer(await ecrApp.adminToken()),
    });
    expect(sync.json()).toEqual({ queued: false, count: 2 });
    expect((await get(ecrApp, `/api/v1/registry/components/${c.id}/vulnerabilities/summary`)).json()).toMatchObject({
      total: 2,
      high: 1,
      unknown: 1,
    });
  });
});

describe('registry over Artifact Registry (cloudreg_b)', () => {
  it('repositories, tags and manifest; scans unsupported', async () => {
    expect((await get(garApp, '/api/v1/registry/repositories')).json().map((r: { name: string }) => r.name)).toEqual([
      'apps/team/api',
      'apps/web',
    ]);
    expect((await get(garApp, '/api/v1/registry/repositories/apps%2Fteam%2Fapi/tags')).json()).toHaveLength(3);
    expect((await get(garApp, '/api/v1/registry/repositories/apps%2Fweb/manifest/2.0')).json().tags).toEqual(['2.0']);
    expect((await get(garApp, '/api/v1/registry/repositories/apps%2Fweb/scan/2.0')).json()).toEqual({
      status: 'UNSUPPORTED',
      vulnerabilities: [],
    });
  });
});

describe('registry over Docker Hub (hub)', () => {
  it('repositories and tags', async () => {
    expect((await get(hubApp, '/api/v1/registry/repositories')).json()).toEqual([
      { name: 'acme/api', uri: 'docker.io/acme/api', description: 'API' },
      { name: 'acme/web', uri: 'docker.io/acme/web' },
    ]);
    expect((await get(hubApp, '/api/v1/registry/repositories/acme%2Fapi/tags')).json()).toHaveLength(2);
  });
});
