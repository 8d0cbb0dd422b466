import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { startOciRegistry, type OciRegistry } from '../../helpers/oci-registry.js';
import { pushImage } from '../../fakes/buildah.js';

let t: TestApp;
let registry: OciRegistry;
let dir: string;
let token: string;

beforeAll(async () => {
  registry = await startOciRegistry();
  dir = await mkdtemp(join(tmpdir(), 'hangar-oci-routes-'));
  await pushImage(registry.hostPort, 'team/app:1.0', dir);
  t = await buildTestApp({ REGISTRY_TYPE: 'oci', REGISTRY_URL: registry.url });
  token = (await t.newUser('oci')).token;
}, 120_000);
afterAll(async () => {
  await t.close();
  await registry.stop();
  await rm(dir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ url, headers: bearer(token) });

describe('registry with the oci adapter on a real registry', () => {
  it('answers repositories, tags, manifest, scan (UNSUPPORTED); 503 once stopped', async () => {
    expect((await get('/api/v1/registry/available')).json()).toEqual({ available: true });
    expect((await get('/api/v1/registry/repositories')).json()).toEqual([
      { name: 'team/app', uri: `${registry.hostPort}/team/app` },
    ]);
    const tags = (await get('/api/v1/registry/repositories/team%2Fapp/tags')).json();
    expect(tags).toEqual([
      {
        tag: '1.0',
        digest: expect.stringMatching(/^sha256:/),
        sizeBytes: expect.any(Number),
        pushedAt: expect.any(String),
      },
    ]);
    const m = (await get('/api/v1/registry/repositories/team%2Fapp/manifest/1.0')).json();
    expect(m).toMatchObject({ digest: tags[0].digest, tags: ['1.0'] });
    expect((await get('/api/v1/registry/repositories/team%2Fapp/scan/1.0')).json()).toEqual({
      status: 'UNSUPPORTED',
      vulnerabilities: [],
    });
    expect((await get('/api/v1/registry/selfhosted/replications')).json()).toEqual([]);
    expectError(await get('/api/v1/registry/repositories/team%2Fapp/manifest/2.0'), 404);
    await registry.stop();
    expect((await get('/api/v1/registry/available')).json()).toEqual({ available: false });
    expectError(await get('/api/v1/registry/repositories'), 503);
  });
});
