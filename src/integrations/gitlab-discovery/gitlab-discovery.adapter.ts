import { BadGateway } from '../../kernel/errors.js';
import type {
  DiscoveredRepository,
  DiscoveryProvider,
  DiscoveryTarget,
  FileRead,
  ListedPage,
} from '../../modules/discovery/discovery.ports.js';
import { nextLink, sameOriginLink } from '../link-header.js';
import { parseJson } from '../polite-http.js';
import { fileRead, ifNoneMatch, listedPage, targetGet, targetUrl } from '../discovery-http.js';

/**
 * gitlab.com and self-hosted GitLab (`baseUrl` = the REST root, e.g. `https://gitlab.example/api/v4`)
 * for discovery (decision 1011): `GET /groups/:id/projects?include_subgroups=true` at `per_page=100`
 * following `Link: rel="next"` (or `X-Next-Page`), the file through
 * `GET /projects/:id/repository/files/:path/raw?ref=`, `RateLimit-*` headers and 429 `Retry-After`.
 */
interface GitlabProject {
  id: number;
  path_with_namespace: string;
  web_url: string;
  default_branch?: string | null;
  archived?: boolean;
  empty_repo?: boolean;
  last_activity_at?: string | null;
}

export function toRepository(p: GitlabProject): DiscoveredRepository {
  const empty = Boolean(p.empty_repo);
  return {
    externalId: String(p.id),
    fullName: p.path_with_namespace,
    webUrl: p.web_url,
    defaultBranch: empty ? null : (p.default_branch ?? null),
    archived: Boolean(p.archived),
    empty,
    changedAt: p.last_activity_at ?? null,
  };
}

export class GitlabDiscoveryAdapter implements DiscoveryProvider {
  constructor(private readonly doFetch: typeof fetch = fetch) {}

  private async get(t: DiscoveryTarget, url: URL, extra: Record<string, string> = {}) {
    if (t.auth.kind !== 'token') throw new BadGateway('GitLab discovery needs a token credential');
    const headers = { accept: 'application/json', 'private-token': t.auth.token, ...extra };
    const provider = {
      system: 'GitLab',
      remainingHeader: 'ratelimit-remaining',
      resetHeader: 'ratelimit-reset',
      fetch: this.doFetch,
    };
    const res = await targetGet(provider, t, url, headers);
    if (res.status === 403) throw new BadGateway('GitLab refused the request (HTTP 403): the token may lack read_api');
    return res;
  }

  async listPage(t: DiscoveryTarget, page: string | null, etag: string | null): Promise<ListedPage> {
    const query = { include_subgroups: 'true', with_shared: 'false', per_page: '100', order_by: 'id', sort: 'asc' };
    const url = page ? new URL(page) : targetUrl(t, `/groups/${encodeURIComponent(t.owner)}/projects`, query);
    const res = await this.get(t, url, ifNoneMatch(etag));
    const notFound = `GitLab has no group ${t.owner.slice(0, 100)} the token can read`;
    return listedPage(res, { system: 'GitLab', list: 'project list', notFound }, toRepository, () => {
      const link = sameOriginLink(nextLink(res.headers.get('link')), t.baseUrl);
      const nextPage = res.headers.get('x-next-page');
      if (link || !nextPage || !/^\d+$/.test(nextPage)) return link;
      const following = new URL(url);
      following.searchParams.set('page', nextPage);
      return following.toString();
    });
  }

  async repository(t: DiscoveryTarget, externalId: string): Promise<DiscoveredRepository | null> {
    const res = await this.get(t, targetUrl(t, `/projects/${encodeURIComponent(externalId)}`));
    if (res.status === 404) return null;
    if (res.status !== 200) throw new BadGateway(`GitLab answered ${res.status} to a project`);
    return toRepository(parseJson<GitlabProject>(res, 'GitLab', 'a project'));
  }

  async readFile(
    t: DiscoveryTarget,
    repo: DiscoveredRepository,
    path: string,
    ref: string,
    etag: string | null,
  ): Promise<FileRead> {
    const url = targetUrl(
      t,
      `/projects/${encodeURIComponent(repo.externalId)}/repository/files/${encodeURIComponent(path)}/raw`,
      { ref },
    );
    const res = await this.get(t, url, ifNoneMatch(etag));
    return fileRead(res, 'GitLab');
  }
}
