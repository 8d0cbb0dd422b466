import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DockerHubAdapter } from '../../src/integrations/dockerhub/dockerhub.adapter.js';
import { startFakeDockerHub } from '../fakes/dockerhub-server.js';

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
    expect((await a.getScan()).status).toBe('UNSUPPORTED');
  });
  it('refused credential: 502', async () => {
    await expect(new DockerHubAdapter(hub.url, { username: 'acme', password: 'bad' }).listRepositories()).rejects.toMatchObject({ statusCode: 502 });
  });
});
