import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OciRegistryAdapter } from '../../src/integrations/oci-registry/oci-registry.adapter.js';
import { startOciRegistry, type OciRegistry } from '../helpers/oci-registry.js';
import { pushImage } from '../fakes/buildah.js';
import { registryContract } from './registry.contract.js';

registryContract("OCI adapter against Debian's CNCF registry", async () => {
  const real = await startOciRegistry();
  const work = await mkdtemp(join(tmpdir(), 'hangar-oci-port-'));
  await pushImage(real.hostPort, 'team/app:1.0', work);
  return {
    port: new OciRegistryAdapter(real.url),
    repository: 'team/app',
    tag: '1.0',
    unreachable: () => new OciRegistryAdapter('http://127.0.0.1:1'),
    close: async () => {
      await real.stop();
      await rm(work, { recursive: true, force: true });
    },
  };
});

const run = promisify(execFile);
let registry: OciRegistry;
let dir: string;

beforeAll(async () => {
  registry = await startOciRegistry();
  dir = await mkdtemp(join(tmpdir(), 'hangar-oci-contract-'));
  await pushImage(registry.hostPort, 'team/app:1.0', dir);
  await pushImage(registry.hostPort, 'plain:latest', dir);
  await run('buildah', [
    'push',
    '--quiet',
    '--tls-verify=false',
    `${registry.hostPort}/team/app:1.0`,
    `docker://${registry.hostPort}/team/app:stable`,
  ]).catch(async () => {
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
    expect(repos).toEqual(
      expect.arrayContaining([
        { name: 'team/app', uri: `${registry.hostPort}/team/app` },
        { name: 'plain', uri: `${registry.hostPort}/plain` },
      ]),
    );
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
    expect(await a.getScan('team/app', '1.0')).toEqual({ status: 'UNSUPPORTED', vulnerabilities: [] });
    await expect(a.getScan('team/app', 'nope')).rejects.toMatchObject({ statusCode: 404 });
    await expect(a.getScan('no/such', '1.0')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('503 when the registry is stopped', async () => {
    const url = registry.url;
    await registry.stop();
    await expect(new OciRegistryAdapter(url).listRepositories()).rejects.toMatchObject({ statusCode: 503 });
    registry = { ...registry, stop: async () => {} };
  });
});

describe('OCI adapter: the bearer-token flow a registry asks for', () => {
  it('without Docker-Content-Digest, the digest is the sha256 of the manifest bytes', async () => {
    const { startFakeServer } = await import('../fakes/http-server.js');
    const { createHash } = await import('node:crypto');
    const manifest = {
      schemaVersion: 2,
      mediaType: 'application/vnd.oci.image.manifest.v1+json',
      config: { digest: 'sha256:' + 'c'.repeat(64), size: 10 },
      layers: [{ digest: 'sha256:' + 'd'.repeat(64), size: 90 }],
    };
    const server = await startFakeServer((req) => {
      if (req.url.pathname === '/v2/x/tags/list') return { status: 200, body: { name: 'x', tags: ['1'] } };
      if (req.url.pathname === '/v2/x/manifests/1') return { status: 200, body: manifest };
      return { status: 404, body: { errors: [{ code: 'BLOB_UNKNOWN' }] } };
    });
    const digest = `sha256:${createHash('sha256').update(JSON.stringify(manifest)).digest('hex')}`;
    expect(await new OciRegistryAdapter(server.url).getManifest('x', '1')).toEqual({
      digest,
      mediaType: manifest.mediaType,
      sizeBytes: 100,
      pushedAt: null,
      tags: ['1'],
    });
    await server.close();
  });

  it('answers the WWW-Authenticate challenge with a token fetched with basic credentials', async () => {
    const { startFakeServer } = await import('../fakes/http-server.js');
    const basic = `Basic ${Buffer.from('u:p').toString('base64')}`;
    const server = await startFakeServer((req) => {
      if (req.url.pathname === '/token') {
        if (req.headers.authorization !== basic) return { status: 401, body: {} };
        return { status: 200, body: { token: `tok-${req.url.searchParams.get('scope')}` } };
      }
      const scope = req.url.pathname === '/v2/_catalog' ? 'registry:catalog:*' : 'repository:a/b:pull';
      if (req.headers.authorization !== `Bearer tok-${scope}`) {
        return {
          status: 401,
          headers: { 'www-authenticate': `Bearer realm="${server.url}/token",service="fake",scope="${scope}"` },
          body: { errors: [{ code: 'UNAUTHORIZED' }] },
        };
      }
      if (req.url.pathname === '/v2/_catalog') return { status: 200, body: { repositories: ['a/b'] } };
      return { status: 200, body: { name: 'a/b', tags: [] } };
    });
    const a = new OciRegistryAdapter(server.url, { username: 'u', password: 'p' });
    expect((await a.listRepositories()).map((r) => r.name)).toEqual(['a/b']);
    expect(await a.listTags('a/b')).toEqual([]);
    await expect(
      new OciRegistryAdapter(server.url, { username: 'u', password: 'wrong' }).listRepositories(),
    ).rejects.toMatchObject({ statusCode: 502 });
    await server.close();
  });
});
