import type { HostedCiBuild, HostedCiPort, HostedCiRestartResult } from '../../modules/ci/ci.ports.js';
import { TRAVIS_MAX_PAGE, TravisClient, type TravisBuild } from './client.js';

export const toHostedCiBuild = (b: TravisBuild): HostedCiBuild => ({
  id: b.id,
  number: b.number ?? null,
  state: b.state,
  previousState: b.previous_state ?? null,
  eventType: b.event_type ?? null,
  duration: b.duration ?? null,
  startedAt: b.started_at ?? null,
  finishedAt: b.finished_at ?? null,
  repository: { id: b.repository?.id ?? null, name: b.repository?.name ?? null, slug: b.repository?.slug ?? null },
  branch: b.branch?.name ?? null,
  commit: { sha: b.commit?.sha ?? null, message: b.commit?.message ?? null },
});

export class TravisAdapter implements HostedCiPort {
  constructor(private readonly client: TravisClient) {}

  static fromCredential(
    credential: { token: string; url?: string },
    opts: { defaultBaseUrl: string; timeoutMs?: number; fetch?: typeof fetch },
  ) {
    return new TravisAdapter(
      new TravisClient({
        token: credential.token,
        baseUrl: credential.url ?? opts.defaultBaseUrl,
        timeoutMs: opts.timeoutMs,
        fetch: opts.fetch,
      }),
    );
  }

  /** Newest first; follows `@pagination` until `limit` builds are read or the last page is reached. */
  async listBuilds(filter: { repoSlug?: string; limit: number }, signal?: AbortSignal): Promise<HostedCiBuild[]> {
    const out: HostedCiBuild[] = [];
    let offset = 0;
    while (out.length < filter.limit) {
      const page = await this.client.listBuilds(
        { repoSlug: filter.repoSlug, limit: Math.min(TRAVIS_MAX_PAGE, filter.limit - out.length), offset },
        signal,
      );
      const builds = page?.builds ?? [];
      out.push(...builds.slice(0, filter.limit - out.length).map(toHostedCiBuild));
      const next = page?.['@pagination']?.next;
      if (!next || page['@pagination']?.is_last || builds.length === 0) break;
      offset = next.offset;
    }
    return out;
  }

  async restartBuild(id: number, signal?: AbortSignal): Promise<HostedCiRestartResult> {
    const res = await this.client.restartBuild(id, signal);
    return {
      id: res?.build?.id ?? id,
      number: res?.build?.number ?? null,
      state: res?.build?.state ?? null,
      stateChange: res?.state_change ?? 'restart',
    };
  }
}
