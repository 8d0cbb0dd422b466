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
import { installationToken } from './github-app.js';

/**
 * GitHub.com and GitHub Enterprise Server (`baseUrl` = the REST root, e.g. `https://ghe.example/api/v3`)
 * for discovery (decision 1011): `GET /orgs/{org}/repos` (a user's `GET /users/{user}/repos` when
 * the owner is no organization) at `per_page=100` following `Link: rel="next"`, the file through the
 * contents API with the raw media type, and `If-None-Match` everywhere (a 304 costs no rate limit).
 */
interface GithubRepo {
  id: number;
  full_name: string;
  html_url: string;
  default_branch?: string | null;
  archived?: boolean;
  disabled?: boolean;
  size?: number;
  pushed_at?: string | null;
}

const API_VERSION = '2022-11-28';

export function toRepository(r: GithubRepo): DiscoveredRepository {
  const empty = r.size === 0 && !r.pushed_at;
  return {
    externalId: String(r.id),
    fullName: r.full_name,
    webUrl: r.html_url,
    defaultBranch: empty ? null : (r.default_branch ?? null),
    archived: Boolean(r.archived || r.disabled),
    empty,
    changedAt: r.pushed_at ?? null,
  };
}

export class GithubDiscoveryAdapter implements DiscoveryProvider {
  constructor(private readonly doFetch: typeof fetch = fetch) {}

  private async get(t: DiscoveryTarget, url: URL, extra: Record<string, string> = {}) {
    const token =
      t.auth.kind === 'token' ? t.auth.token : await installationToken(this.doFetch, t.baseUrl, t.auth, t.signal);
    const headers = {
      accept: 'application/vnd.github+json',
      'x-github-api-version': API_VERSION,
      authorization: `Bearer ${token}`,
      ...extra,
    };
    const provider = {
      system: 'GitHub',
      remainingHeader: 'x-ratelimit-remaining',
      resetHeader: 'x-ratelimit-reset',
      fetch: this.doFetch,
    };
    const res = await targetGet(provider, t, url, headers);
    if (res.status === 403)
      throw new BadGateway('GitHub refused the request (HTTP 403): the credential may lack access');
    return res;
  }

  async listPage(t: DiscoveryTarget, page: string | null, etag: string | null): Promise<ListedPage> {
    const conditional = ifNoneMatch(etag);
    const owner = encodeURIComponent(t.owner);
    let res = await this.get(
      t,
      page ? new URL(page) : targetUrl(t, `/orgs/${owner}/repos`, { per_page: '100', type: 'all' }),
      conditional,
    );
    // Not an organization: the owner is a user (their own repositories).
    if (res.status === 404 && !page)
      res = await this.get(t, targetUrl(t, `/users/${owner}/repos`, { per_page: '100', type: 'owner' }), conditional);
    const notFound = `GitHub has no organization or user ${t.owner.slice(0, 100)}`;
    return listedPage(res, { system: 'GitHub', list: 'repository list', notFound }, toRepository, () =>
      sameOriginLink(nextLink(res.headers.get('link')), t.baseUrl),
    );
  }

  async repository(t: DiscoveryTarget, externalId: string): Promise<DiscoveredRepository | null> {
    const res = await this.get(t, targetUrl(t, `/repositories/${encodeURIComponent(externalId)}`));
    if (res.status === 404 || res.status === 410) return null;
    if (res.status !== 200) throw new BadGateway(`GitHub answered ${res.status} to a repository`);
    return toRepository(parseJson<GithubRepo>(res, 'GitHub', 'a repository'));
  }

  async readFile(
    t: DiscoveryTarget,
    repo: DiscoveredRepository,
    path: string,
    ref: string,
    etag: string | null,
  ): Promise<FileRead> {
    const [owner, name] = repo.fullName.split('/');
    const filePath = path.split('/').map(encodeURIComponent).join('/');
    const url = targetUrl(t, `/repos/${encodeURIComponent(owner!)}/${encodeURIComponent(name!)}/contents/${filePath}`, {
      ref,
    });
    const res = await this.get(t, url, {
      accept: 'application/vnd.github.raw+json',
      ...ifNoneMatch(etag),
    });
    return fileRead(res, 'GitHub');
  }
}
