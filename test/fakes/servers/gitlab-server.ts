import { randomBytes } from 'node:crypto';
import {
  etagOf,
  pageLinks,
  RepoHost,
  serve,
  type FakeHttpReply,
  type FakeHttpRequest,
  type HostedRepo,
} from './repo-host.js';

/**
 * A GitLab REST v4 server shaped from GitLab's API reference: `GET /groups/:id/projects`
 * (`include_subgroups`, offset paging with `Link`, `X-Next-Page`, `X-Total`…), `GET /projects/:id`,
 * `GET /projects/:id/repository/files/:file_path/raw?ref=`; `PRIVATE-TOKEN`, ETags and 304s,
 * `RateLimit-*` headers, and 429 with `Retry-After` for both the budget and requests in flight.
 */
export interface FakeGitlab {
  /** The REST root (`…/api/v4`). */
  url: string;
  host: RepoHost;
  token: string;
  close(): Promise<void>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): FakeHttpReply => ({
  status,
  json: body,
  headers,
});

function projectJson(base: string, r: HostedRepo) {
  return {
    id: r.id,
    name: r.name,
    path: r.name,
    path_with_namespace: `${r.owner}/${r.name}`,
    namespace: { full_path: r.owner, kind: 'group' },
    web_url: `${base.replace(/\/api\/v4$/, '')}/${r.owner}/${r.name}`,
    default_branch: r.empty ? null : r.defaultBranch,
    archived: r.archived,
    empty_repo: r.empty,
    last_activity_at: r.pushedAt,
  };
}

export async function startFakeGitlab(opts: { token?: string; host?: RepoHost } = {}): Promise<FakeGitlab> {
  const host = opts.host ?? new RepoHost();
  const token = opts.token ?? `glpat-${randomBytes(10).toString('hex')}`;
  let base = '';

  function projects(req: FakeHttpRequest, group: string): FakeHttpReply {
    const subgroups = req.url.searchParams.get('include_subgroups') === 'true';
    const all = [...host.repos.values()]
      .filter((r) => r.owner === group || (subgroups && r.owner.startsWith(`${group}/`)))
      .sort((a, b) => a.id - b.id);
    if (all.length === 0 && ![...host.repos.values()].some((r) => r.owner.startsWith(group)))
      return json(404, { message: '404 Group Not Found' });
    const perPage = Math.min(100, Number(req.url.searchParams.get('per_page') ?? 20));
    const page = Math.max(1, Number(req.url.searchParams.get('page') ?? 1));
    const pages = Math.max(1, Math.ceil(all.length / perPage));
    // Above 10,000 records GitLab leaves out x-total, x-total-pages and rel="last" (REST API, pagination response headers).
    const counted = all.length <= 10_000;
    const link = pageLinks(
      new URL(req.url.pathname + req.url.search, base.replace(/\/api\/v4$/, '')),
      page,
      pages,
      counted,
    );
    const headers: Record<string, string> = {
      'x-page': String(page),
      'x-per-page': String(perPage),
      ...(counted ? { 'x-total': String(all.length), 'x-total-pages': String(pages) } : {}),
      'x-next-page': page < pages ? String(page + 1) : '',
      'x-prev-page': page > 1 ? String(page - 1) : '',
      ...(link ? { link } : {}),
    };
    return {
      status: 200,
      json: all.slice((page - 1) * perPage, page * perPage).map((r) => projectJson(base, r)),
      headers,
    };
  }

  function route(req: FakeHttpRequest): FakeHttpReply {
    const p = req.url.pathname.replace(/^\/api\/v4/, '');
    let m: RegExpExecArray | null;
    if ((m = /^\/groups\/([^/]+)\/projects$/.exec(p))) return projects(req, decodeURIComponent(m[1]!));
    if ((m = /^\/projects\/(\d+)$/.exec(p))) {
      const repo = host.repos.get(Number(m[1]));
      return repo ? json(200, projectJson(base, repo)) : json(404, { message: '404 Project Not Found' });
    }
    if ((m = /^\/projects\/(\d+)\/repository\/files\/([^/]+)\/raw$/.exec(p))) {
      const repo = host.repos.get(Number(m[1]));
      if (!repo) return json(404, { message: '404 Project Not Found' });
      const text = repo.files
        .get(req.url.searchParams.get('ref') ?? repo.defaultBranch)
        ?.get(decodeURIComponent(m[2]!));
      if (text === undefined) return json(404, { message: '404 File Not Found' });
      return {
        status: 200,
        text,
        headers: { 'x-gitlab-file-path': decodeURIComponent(m[2]!), 'x-gitlab-ref': repo.defaultBranch },
      };
    }
    return json(404, { error: '404 Not Found' });
  }

  const kindOf = (p: string) =>
    p.includes('/repository/files/') ? 'file' : p.endsWith('/projects') ? 'list' : 'repository';

  const server = await serve(host, (req) => {
    if (req.headers['private-token'] !== token) return json(401, { message: '401 Unauthorized' });
    host.count(kindOf(req.url.pathname));
    if (host.inFlight > host.limits.maxInFlight) {
      host.counters.secondary++;
      return { status: 429, text: 'Retry later', headers: { 'retry-after': String(host.limits.retryAfterS) } };
    }
    const reply = route(req);
    const body = reply.text ?? JSON.stringify(reply.json);
    const etag = reply.status === 200 ? etagOf(body, true) : undefined;
    const notModified = etag !== undefined && req.headers['if-none-match'] === etag;
    const budget = host.take(notModified ? 0 : 1);
    const rate = {
      'ratelimit-name': 'throttle_authenticated_api',
      'ratelimit-limit': String(budget.limit),
      'ratelimit-observed': String(budget.limit - budget.remaining),
      'ratelimit-remaining': String(budget.remaining),
      'ratelimit-reset': String(budget.reset),
      'ratelimit-resettime': new Date(budget.reset * 1000).toUTCString(),
    };
    if (budget.spent) {
      host.counters.limited++;
      return {
        status: 429,
        text: 'Retry later',
        headers: { ...rate, 'retry-after': String(Math.max(1, budget.reset - Math.floor(Date.now() / 1000))) },
      };
    }
    if (notModified) {
      host.counters.notModified++;
      return { status: 304, headers: { ...rate, etag: etag!, ...(reply.headers ?? {}) } };
    }
    return { ...reply, headers: { ...rate, ...(etag ? { etag } : {}), ...(reply.headers ?? {}) } };
  });
  base = `${server.url}/api/v4`;
  return { url: base, host, token, close: server.close };
}
