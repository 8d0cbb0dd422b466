import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArtifactRegistryAdapter } from '../../src/integrations/artifact-registry/artifact-registry.adapter.js';
import { startFakeArtifactRegistry } from '../fakes/artifact-registry-server.js';
import { startFakeServer } from '../fakes/http-server.js';
import { registryContract } from './registry.contract.js';

registryContract('Artifact Registry adapter against an Artifact Registry-shaped server', async () => {
  const fake = await startFakeArtifactRegistry();
  return {
    port: new ArtifactRegistryAdapter(fake.server.url, 'europe-west1', fake.key),
    repository: 'apps/team/api',
    tag: '1.0',
    unreachable: () => new ArtifactRegistryAdapter('http://127.0.0.1:1', 'europe-west1', fake.key),
    close: () => fake.server.close(),
  };
});

let gar: Awaited<ReturnType<typeof startFakeArtifactRegistry>>;
beforeAll(async () => void (gar = await startFakeArtifactRegistry()));
afterAll(() => gar.server.close());

describe('Artifact Registry adapter (OAuth JWT-bearer + REST v1)', () => {
  it('gets a token with a signed assertion and lists docker images as repositories', async () => {
    const a = new ArtifactRegistryAdapter(gar.server.url, 'europe-west1', gar.key);
    expect(await a.listRepositories()).toEqual([
      { name: 'apps/team/api', uri: 'europe-west1-docker.pkg.dev/proj-1/apps/team/api', description: 'apps' },
      { name: 'apps/web', uri: 'europe-west1-docker.pkg.dev/proj-1/apps/web', description: 'apps' },
    ]);
    expect(gar.server.requests.filter((r) => r.url.pathname === '/token')).toHaveLength(1);
  });

  it('tags across pages and a manifest', async () => {
    const a = new ArtifactRegistryAdapter(gar.server.url, 'europe-west1', gar.key);
    expect((await a.listTags('apps/team/api')).map((t) => t.tag)).toEqual(['1.0', 'latest', '0.9']);
    expect(await a.getManifest('apps/team/api', '1.0')).toEqual({
      digest: 'sha256:' + 'c'.repeat(64),
      mediaType: 'application/vnd.docker.distribution.manifest.v2+json',
      sizeBytes: 2048,
      pushedAt: '2024-06-01T12:00:00.123Z',
      tags: ['1.0', 'latest'],
    });
    await expect(a.getManifest('apps/team/api', 'nope')).rejects.toMatchObject({ statusCode: 404 });
    expect(await a.getScan('apps/team/api', '1.0')).toEqual({ status: 'UNSUPPORTED', vulnerabilities: [] });
    await expect(a.getScan('apps/team/api', 'nope')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('a token endpoint answering without an access token gives 502, not 400', async () => {
    const oauth = await startFakeServer(() => ({ status: 200, body: { token_type: 'Bearer' } }));
    const a = new ArtifactRegistryAdapter(gar.server.url, 'europe-west1', {
      ...gar.key,
      token_uri: `${oauth.url}/token`,
    });
    await expect(a.listRepositories()).rejects.toMatchObject({ statusCode: 502 });
    await oauth.close();
  });

  it('a key the token endpoint refuses gives 502', async () => {
    const other = await startFakeArtifactRegistry();
    const a = new ArtifactRegistryAdapter(gar.server.url, 'europe-west1', {
      ...other.key,
      token_uri: gar.key.token_uri,
    });
    await expect(a.listRepositories()).rejects.toMatchObject({ statusCode: 502 });
    await other.server.close();
  });
});
