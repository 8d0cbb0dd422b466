import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OciRegistryAdapter } from '../../src/integrations/oci-registry/oci-registry.adapter.js';
import { startOciRegistry, type OciRegistry } from '../helpers/oci-registry.js';

const run = promisify(execFile);
let registry: OciRegistry;
let dir: string;

/** Builds a tiny image from scratch with buildah and pushes it (plain HTTP) to the test registry. */
export async function pushImage(hostPort: string, ref: string, workDir: string) {
  const file = join(workDir, `f-${Math.random().toString(36).slice(2)}.txt`);
  await writeFile(file, `content of ${ref}\n`);
  const { stdout } = await run('buildah', ['from', 'scratch']);
  const container = stdout.trim();
  try {
    await run('buildah', ['copy', container, file, '/data.txt']);
    await run('buildah', ['config', '--label', `ref=${ref}`, container]);
    const image = `localhost/hangar-test-${Math.random().toString(36).slice(2)}`;
    await run('buildah', ['commit', '--quiet', container, image]);
    await run('buildah', ['push', '--quiet', '--tls-verify=false', image, `docker://${hostPort}/${ref}`]);
    await run('buildah', ['rmi', image]).catch(() => {});
  } finally {
    await run('buildah', ['rm', container]).catch(() => {});
  }
}

beforeAll(async () => {
  registry = await startOciRegistry();
  dir = await mkdtemp(join(tmpdir(), 'hangar-oci-contract-'));
  await pushImage(registry.hostPort, 'team/app:1.0', dir);
  await pushImage(registry.hostPort, 'plain:latest', dir);
  await run('buildah', ['push', '--quiet', '--tls-verify=false', `${registry.hostPort}/team/app:1.0`, `docker://${registry.hostPort}/team/app:stable`]).catch(async () => {
    await pushImage(registry.hostPort, 'team/app:stable', dir);
  });
}, 120_000);
afterAll(async () => {
  await registry?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('OCI adapter against a real CNCF registry', () => {
  it('lists repositories (names keep their slash)', async () => {
    const repos = await new OciRegistryAdapter(registry.url).listRepositories();
    expect(repos).toEqual(expect.arrayContaining([{ name: 'team/app', uri: `${registry.hostPort}/team/app` }, { name: 'plain', uri: `${registry.hostPort}/plain` }]));
  });

  it('lists tags with digest, size and pushedAt', async () => {
    const tags = await new OciRegistryAdapter(registry.url).listTags('team/app');
    expect(tags.map((t) => t.tag).sort()).toEqual(['1.0', 'stable']);
    for (const t of tags) {
      expect(t.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(t.sizeBytes).toBeGreaterThan(0);
      expect(t.pushedAt === null || !Number.isNaN(Date.parse(t.pushedAt))).toBe(true);
    }
  });

  it('reads a manifest', async () => {
    const m = await new OciRegistryAdapter(registry.url).getManifest('team/app', '1.0');
    expect(m.digest).toMatch(/^sha256:/);
    expect(m.mediaType).toMatch(/application\/vnd\.(oci\.image|docker\.distribution)\.manifest/);
    expect(m.sizeBytes).toBeGreaterThan(0);
    expect(m.tags).toContain('1.0');
    expect(m.pushedAt).not.toBeNull();
  });

  it('404 for an unknown tag or repository; scans unsupported', async () => {
    const a = new OciRegistryAdapter(registry.url);
    await expect(a.getManifest('team/app', 'nope')).rejects.toMatchObject({ statusCode: 404 });
    await expect(a.listTags('no/such')).rejects.toMatchObject({ statusCode: 404 });
    expect(await a.getScan()).toEqual({ status: 'UNSUPPORTED', vulnerabilities: [] });
  });

  it('503 when the registry is stopped', async () => {
    const url = registry.url;
    await registry.stop();
    await expect(new OciRegistryAdapter(url).listRepositories()).rejects.toMatchObject({ statusCode: 503 });
    registry = { ...registry, stop: async () => {} };
  });
});
