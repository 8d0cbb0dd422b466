import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DockerHubAdapter } from '../../src/integrations/dockerhub/dockerhub.adapter.js';
import { startFakeDockerHub } from '../fakes/dockerhub-server.js';
import { registryContract } from './registry.contract.js';

registryContract('Docker Hub adapter against a Docker Hub API-shaped server', async () => {
  const server = await startFakeDockerHub();
  const creds = { username: 'acme', password: 'pat' };
  return {
    port: new DockerHubAdapter(server.url, creds),
    repository: 'acme/api',
    tag: '1.0',
    unreachable: () => new DockerHubAdapter('http://127.0.0.1:1', creds),
    close: () => server.close(),
  };
});

let hub: Awaited<ReturnType<typeof startFakeDockerHub>>;
beforeAll(async () => void (hub = await startFakeDockerHub()));
afterAll(() => hub.close());

describe('Docker Hub adapter', () => {
  it('logs in and follows next pages', async () => {
    const a = new DockerHubAdapter(hub.url, { username: 'acme', password: 'pat' });
    expect(await a.listRepositories()).toEqual([
      { name: 'acme/api', uri: 'docker.io/acme/api', description: 'API' },
      { name: 'acme/web', uri: 'docker.io/acme/web' },
    ]);
    expect(hub.requests.filter((r) => r.url.pathname === '/v2/users/login')).toHaveLength(1);
  });
  it('tags and manifest; scans unsupported', async () => {
    const a = new DockerHubAdapter(hub.url, { username: 'acme', password: 'pat' });
    expect(await a.listTags('acme/api')).toHaveLength(2);
    expect(await a.getManifest('api', '1.0')).toEqual({
      digest: 'sha256:' + 'f'.repeat(64),
      mediaType: 'application/vnd.oci.image.index.v1+json',
      sizeBytes: 999,
      pushedAt: '2024-03-01T00:00:00.000Z',
      tags: ['1.0', 'latest'],
    });
    await expect(a.getManifest('acme/nope', '1')).rejects.toMatchObject({ statusCode: 404 });
    expect((await a.getScan('api', '1.0')).status).toBe('UNSUPPORTED');
    await expect(a.getScan('api', 'nope')).rejects.toMatchObject({ statusCode: 404 });
  });
  it('refused credential: 502', async () => {
    await expect(
      new DockerHubAdapter(hub.url, { username: 'acme', password: 'bad' }).listRepositories(),
    ).rejects.toMatchObject({ statusCode: 502 });
  });
});

describe('Docker Hub adapter on the older paths', () => {
  it('falls back to /v2/repositories/<ns>/ and /v2/auth/token', async () => {
    const { startFakeServer } = await import('../fakes/http-server.js');
    const legacy = await startFakeServer((req) => {
      const p = req.url.pathname;
      if (p === '/v2/users/login') return { status: 404, body: { message: 'not found' } };
      if (p === '/v2/auth/token')
        return req.json()?.secret === 'pat'
          ? { status: 200, body: { access_token: 'new-jwt' } }
          : { status: 401, body: {} };
      if (req.headers.authorization !== 'Bearer new-jwt') return { status: 401, body: {} };
      if (p === '/v2/repositories/acme/')
        return { status: 200, body: { count: 1, next: null, results: [{ name: 'api', namespace: 'acme' }] } };
      if (p === '/v2/repositories/acme/api/tags')
        return {
          status: 200,
          body: {
            count: 1,
            next: null,
            results: [{ name: '1.0', full_size: 5, images: [{ digest: 'sha256:1', size: 5 }] }],
          },
        };
      return { status: 404, body: { message: 'not found' } };
    });
    const a = new DockerHubAdapter(legacy.url, { username: 'acme', password: 'pat' });
    expect(await a.listRepositories()).toEqual([{ name: 'acme/api', uri: 'docker.io/acme/api' }]);
    expect(await a.listTags('acme/api')).toEqual([{ tag: '1.0', digest: 'sha256:1', sizeBytes: 5, pushedAt: null }]);
    await legacy.close();
  });
});
