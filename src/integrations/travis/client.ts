import { HttpClient } from '../http.js';

/** The raw Travis CI API v3: `Travis-API-Version: 3`, `Authorization: token …`, `@pagination` by limit/offset. */
export interface TravisBuild {
  id: number;
  number?: string;
  state: string;
  previous_state?: string | null;
  event_type?: string;
  duration?: number | null;
  started_at?: string | null;
  finished_at?: string | null;
  repository?: { id?: number; name?: string; slug?: string };
  branch?: { name?: string } | null;
  commit?: { sha?: string; message?: string } | null;
}

export interface TravisBuildsPage {
  '@pagination'?: {
    limit: number;
    offset: number;
    count: number;
    is_last: boolean;
    next: { '@href': string; offset: number; limit: number } | null;
  };
  builds: TravisBuild[];
}

export interface TravisRestarted {
  '@type'?: string;
  build?: { id: number; number?: string; state?: string };
  state_change?: string;
}

export const TRAVIS_SYSTEM = 'hostedci (Travis CI)';
/** Travis CI caps `limit` at 100 per page. */
export const TRAVIS_MAX_PAGE = 100;

export class TravisClient {
  private readonly http: HttpClient;

  constructor(opts: { baseUrl: string; token: string; timeoutMs?: number; fetch?: typeof fetch }) {
    this.http = new HttpClient({
      system: TRAVIS_SYSTEM,
      baseUrl: opts.baseUrl,
      timeoutMs: opts.timeoutMs,
      fetch: opts.fetch,
      headers: { 'travis-api-version': '3', authorization: `token ${opts.token}`, 'user-agent': 'Hangar' },
    });
  }

  /** A repository's builds (`/repo/{slug}/builds`, the slug URL-encoded as one segment) or the user's (`/builds`). */
  listBuilds(
    query: { repoSlug?: string; limit: number; offset: number },
    signal?: AbortSignal,
  ): Promise<TravisBuildsPage> {
    const path = query.repoSlug ? `/repo/${encodeURIComponent(query.repoSlug)}/builds` : '/builds';
    return this.http.get(path, { query: { limit: query.limit, offset: query.offset }, signal });
  }

  restartBuild(id: number, signal?: AbortSignal): Promise<TravisRestarted> {
    return this.http.post(`/build/${id}/restart`, { signal });
  }
}
