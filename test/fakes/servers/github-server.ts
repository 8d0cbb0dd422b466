import { randomBytes } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';
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
 * A GitHub REST server shaped from github/rest-api-description: `/orgs/{org}/repos`,
 * `/users/{user}/repos`, `/repositories/{id}`, `/repos/{owner}/{repo}/contents/{path}` (raw media
 * type), App installation tokens; `Link` paging, ETags and 304s (which cost no budget), `x-ratelimit-*`
 * headers, the primary limit as 403 with remaining 0, the secondary limit as 403 with `retry-after`.
 */
export interface FakeGithub {
  url: string;
  host: RepoHost;
  token: string;
  /** Owners that are users, not organizations. */
  users: Set<string>;
  /** A PEM public key: installation tokens are issued for JWTs it verifies (`iss` = appId). */
  trustApp(appId: string, publicKeyPem: string): void;
  close(): Promise<void>;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}): FakeHttpReply => ({
  status,
  json: body,
  headers,
});
const notFound = (message = 'Not Found') =>
  json(404, { message, documentation_url: 'https://docs.github.com/rest', status: '404' });

function repoJson(base: string, r: HostedRepo) {
  return {
    id: r.id,
    node_id: `R_${r.id}`,
    name: r.name,
    full_name: `${r.owner}/${r.name}`,
    private: false,
    owner: { login: r.owner, id: 1, type: 'Organization' },
    html_url: `${base}/${r.owner}/${r.name}`,
    url: `${base}/repos/${r.owner}/${r.name}`,
    default_branch: r.defaultBranch,
    archived: r.archived,
    disabled: false,
    size: r.empty ? 0 : 12,
    pushed_at: r.empty ? null : r.pushedAt,
    updated_at: r.pushedAt,
  };
}

export async function startFakeGithub(opts: { token?: string; host?: RepoHost } = {}): Promise<FakeGithub> {
  const host = opts.host ?? new RepoHost();
  const token = opts.token ?? `ghp_${randomBytes(12).toString('hex')}`;
  const tokens = new Set([token]);
  const apps = new Map<string, string>();
  const users = new Set<string>();
  let base = '';

  async function issueToken(req: FakeHttpRequest, installationId: string): Promise<FakeHttpReply> {
    const jwt = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    for (const [appId, pem] of apps) {
      try {
        const { payload } = await jwtVerify(jwt ?? '', await importSPKI(pem, 'RS256'), {
          issuer: appId,
          algorithms: ['RS256'],
        });
        if (payload.exp! - payload.iat! > 600) break;
        const issued = `ghs_${randomBytes(12).toString('hex')}`;
        tokens.add(issued);
        return json(201, {
          token: issued,
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          permissions: { contents: 'read' },
          installation_id: installationId,
        });
      } catch {
        /* try the next App */
      }
    }
    return json(401, { message: 'A JSON web token could not be decoded' });
  }

  function list(req: FakeHttpRequest, owner: string, asUser: boolean): FakeHttpReply {
    if (asUser !== users.has(owner)) return notFound();
    const perPage = Math.min(100, Number(req.url.searchParams.get('per_page') ?? 30));
    const page = Math.max(1, Number(req.url.searchParams.get('page') ?? 1));
    const all = [...host.repos.values()].filter((r) => r.owner === owner).sort((a, b) => a.id - b.id);
    const body = all.slice((page - 1) * perPage, page * perPage).map((r) => repoJson(base, r));
    const link = pageLinks(
      new URL(req.url.pathname + req.url.search, base),
      page,
      Math.max(1, Math.ceil(all.length / perPage)),
    );
    return { status: 200, json: body, headers: link ? { link } : {} };
  }

  function contents(req: FakeHttpRequest, owner: string, name: string, path: string): FakeHttpReply {
    const repo = host.find(owner, name);
    if (!repo) return notFound();
    if (repo.empty) return notFound('This repository is empty.');
    const text = repo.files.get(req.url.searchParams.get('ref') ?? repo.defaultBranch)?.get(path);
    if (text === undefined) return notFound();
    if (!String(req.headers.accept ?? '').includes('raw')) {
      return json(200, { type: 'file', encoding: 'base64', path, content: Buffer.from(text).toString('base64') });
    }
    return { status: 200, text };
  }

  function route(req: FakeHttpRequest): FakeHttpReply {
    const p = req.url.pathname;
    let m: RegExpExecArray | null;
    if ((m = /^\/orgs\/([^/]+)\/repos$/.exec(p))) return list(req, decodeURIComponent(m[1]!), false);
    if ((m = /^\/users\/([^/]+)\/repos$/.exec(p))) return list(req, decodeURIComponent(m[1]!), true);
    if ((m = /^\/repositories\/(\d+)$/.exec(p))) {
      const repo = host.repos.get(Number(m[1]));
      return repo ? json(200, repoJson(base, repo)) : notFound();
    }
    if ((m = /^\/repos\/([^/]+)\/([^/]+)\/contents\/(.+)$/.exec(p))) {
      return contents(
        req,
        decodeURIComponent(m[1]!),
        decodeURIComponent(m[2]!),
        m[3]!.split('/').map(decodeURIComponent).join('/'),
      );
    }
    return notFound();
  }

  const kindOf = (p: string) => (p.includes('/contents/') ? 'file' : p.endsWith('/repos') ? 'list' : 'repository');

  const server = await serve(host, async (req) => {
    const m = /^\/app\/installations\/([^/]+)\/access_tokens$/.exec(req.url.pathname);
    if (req.method === 'POST' && m) return issueToken(req, m[1]!);
    const bearer = /^(?:Bearer|token) (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    if (!bearer || !tokens.has(bearer)) return json(401, { message: 'Bad credentials', status: '401' });
    host.count(kindOf(req.url.pathname));
    if (host.inFlight > host.limits.maxInFlight) {
      host.counters.secondary++;
      return json(
        403,
        { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
        {
          'retry-after': String(host.limits.retryAfterS),
        },
      );
    }
    const reply = route(req);
    const body = reply.text ?? JSON.stringify(reply.json);
    const etag = reply.status === 200 ? etagOf(body, reply.text === undefined) : undefined;
    const notModified = etag !== undefined && req.headers['if-none-match'] === etag;
    const budget = host.take(notModified ? 0 : 1);
    const rate = {
      'x-ratelimit-limit': String(budget.limit),
      'x-ratelimit-remaining': String(budget.remaining),
      'x-ratelimit-used': String(budget.limit - budget.remaining),
      'x-ratelimit-reset': String(budget.reset),
      'x-ratelimit-resource': 'core',
    };
    if (budget.spent) {
      host.counters.limited++;
      return json(
        403,
        {
          message: 'API rate limit exceeded for installation.',
          documentation_url: 'https://docs.github.com/rest/rate-limit',
        },
        rate,
      );
    }
    if (notModified) {
      host.counters.notModified++;
      return { status: 304, headers: { ...rate, etag: etag!, ...(reply.headers ?? {}) } };
    }
    return { ...reply, headers: { ...rate, ...(etag ? { etag } : {}), ...(reply.headers ?? {}) } };
  });
  base = server.url;
  return { url: base, host, token, users, trustApp: (appId, pem) => apps.set(appId, pem), close: server.close };
}
