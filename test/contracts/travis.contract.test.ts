import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamRefused } from '../../src/integrations/http.js';
import { TravisAdapter } from '../../src/integrations/travis/travis.adapter.js';
import { NotFound, Unavailable } from '../../src/kernel/errors.js';
import { closedPort } from '../fakes/fake-server.js';
import { startTravisServer, travisBuild, type TravisFake } from '../fakes/travis-server.js';
import { hostedCiContract } from './hosted-ci.contract.js';

hostedCiContract('Travis CI adapter against a Travis API v3-shaped server', async () => {
  const server = await startTravisServer();
  const at = (url: string) =>
    TravisAdapter.fromCredential(
      { token: 'travis-token', url },
      { defaultBaseUrl: 'http://127.0.0.1:9/unused', timeoutMs: 2000 },
    );
  return {
    port: at(server.url),
    addBuild(slug, state) {
      const id = server.builds.length + 1;
      server.builds.push(travisBuild(id, slug, state));
      return id;
    },
    unreachable: () => at('http://127.0.0.1:1'),
    close: () => server.close(),
  };
});

let travis: TravisFake;
const adapter = (token = 'travis-token', url = travis.url, timeoutMs = 2000) =>
  TravisAdapter.fromCredential({ token, url }, { defaultBaseUrl: 'http://127.0.0.1:9/unused', timeoutMs });

beforeAll(async () => {
  travis = await startTravisServer();
  for (let id = 1; id <= 130; id++)
    travis.builds.push(travisBuild(id, id % 2 ? 'acme/shop' : 'acme/web', id % 5 === 0 ? 'failed' : 'passed'));
});
afterAll(() => travis.close());

describe('Travis CI adapter against a Travis API v3-shaped server', () => {
  it('lists builds newest first, following @pagination past the 100-per-page cap', async () => {
    const builds = await adapter().listBuilds({ limit: 120 });
    expect(builds).toHaveLength(120);
    expect(builds[0]!.id).toBe(130);
    expect(new Set(builds.map((b) => b.id)).size).toBe(120);
    const calls = travis.requests.filter((r) => r.url.startsWith('/builds'));
    expect(calls.length).toBe(2);
    expect(calls[0]!.headers['travis-api-version']).toBe('3');
    expect(calls[0]!.headers.authorization).toBe('token travis-token');
  });

  it("filters by repository slug (URL-encoded as one segment) and shapes builds keeping Travis's ids", async () => {
    const shop = await adapter().listBuilds({ repoSlug: 'acme/shop', limit: 25 });
    expect(shop).toHaveLength(25);
    expect(shop.every((b) => b.repository.slug === 'acme/shop')).toBe(true);
    expect(travis.requests.at(-1)!.url).toMatch(/^\/repo\/acme%2Fshop\/builds\?/);
    expect(shop[0]).toEqual({
      id: 129,
      number: '129',
      state: 'passed',
      previousState: 'passed',
      eventType: 'push',
      duration: 61,
      startedAt: '2026-01-01T00:00:00Z',
      finishedAt: '2026-01-01T00:01:01Z',
      repository: { id: 9, name: 'shop', slug: 'acme/shop' },
      branch: 'main',
      commit: { sha: 'b'.repeat(40), message: 'fix' },
    });
    await expect(adapter().listBuilds({ repoSlug: 'acme/none', limit: 5 })).rejects.toBeInstanceOf(NotFound);
  });

  it('restarts a build (202 pending); a missing build is NotFound', async () => {
    expect(await adapter().restartBuild(7)).toEqual({ id: 7, number: '7', state: 'created', stateChange: 'restart' });
    expect(travis.restarted).toContain(7);
    await expect(adapter().restartBuild(999_999)).rejects.toBeInstanceOf(NotFound);
  });

  it('refused token (403 login_required): UpstreamRefused naming the platform; unreachable or slow: Unavailable', async () => {
    const err = await adapter('bad')
      .listBuilds({ limit: 5 })
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamRefused);
    expect(err.message).toContain('hostedci');
    await expect(adapter('travis-token', await closedPort()).listBuilds({ limit: 5 })).rejects.toBeInstanceOf(
      Unavailable,
    );
    travis.hang = true;
    try {
      await expect(adapter('travis-token', travis.url, 300).restartBuild(7)).rejects.toBeInstanceOf(Unavailable);
    } finally {
      travis.hang = false;
    }
  });

  it('uses the default API base when the credential has no url', async () => {
    const viaDefault = TravisAdapter.fromCredential(
      { token: 'travis-token' },
      { defaultBaseUrl: travis.url, timeoutMs: 2000 },
    );
    expect(await viaDefault.listBuilds({ limit: 2 })).toHaveLength(2);
    const unused = TravisAdapter.fromCredential(
      { token: 'travis-token', url: await closedPort() },
      { defaultBaseUrl: travis.url, timeoutMs: 2000 },
    );
    await expect(unused.listBuilds({ limit: 1 })).rejects.toBeInstanceOf(Unavailable);
  });
});
