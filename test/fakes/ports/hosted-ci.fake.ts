import type { HostedCiBuild, HostedCiPort, HostedCiRestartResult } from '../../../src/modules/ci/ci.ports.js';
import { upstreamError } from '../../../src/integrations/http.js';
import { TRAVIS_SYSTEM } from '../../../src/integrations/travis/client.js';

/** In-memory Travis CI behind the hosted CI service port, for route tests. */
export class FakeTravis implements HostedCiPort {
  readonly builds: HostedCiBuild[] = [];
  readonly restarted: number[] = [];
  private failure: number | undefined;
  private nextId = 1000;

  failWith(status: number | undefined) {
    this.failure = status;
  }
  private check(signal?: AbortSignal) {
    signal?.throwIfAborted();
    if (this.failure) throw upstreamError(TRAVIS_SYSTEM, this.failure);
  }

  add(slug: string, state = 'passed'): HostedCiBuild {
    const id = ++this.nextId;
    const b: HostedCiBuild = {
      id,
      number: String(id - 1000),
      state,
      previousState: null,
      eventType: 'push',
      duration: 42,
      startedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
      repository: { id: 1, name: slug.split('/')[1] ?? slug, slug },
      branch: 'main',
      commit: { sha: 'a'.repeat(40), message: 'change' },
    };
    this.builds.unshift(b);
    return b;
  }

  async listBuilds(filter: { repoSlug?: string; limit: number }, signal?: AbortSignal): Promise<HostedCiBuild[]> {
    this.check(signal);
    if (filter.repoSlug && !this.builds.some((b) => b.repository.slug === filter.repoSlug))
      throw upstreamError(TRAVIS_SYSTEM, 404);
    return this.builds.filter((b) => !filter.repoSlug || b.repository.slug === filter.repoSlug).slice(0, filter.limit);
  }

  async restartBuild(id: number, signal?: AbortSignal): Promise<HostedCiRestartResult> {
    this.check(signal);
    const b = this.builds.find((x) => x.id === id);
    if (!b) throw upstreamError(TRAVIS_SYSTEM, 404);
    this.restarted.push(id);
    b.state = 'created';
    return { id, number: b.number, state: 'created', stateChange: 'restart' };
  }
}
