import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The repositories behind the fake GitHub and GitLab servers, and the limits they enforce: a primary
 * budget per window (a 304 costs nothing, as on GitHub) and a secondary limit on requests in flight.
 */
export interface HostedRepo {
  id: number;
  /** Organization / user (GitHub) or group path (GitLab, may hold subgroups: `acme/platform`). */
  owner: string;
  name: string;
  defaultBranch: string;
  archived: boolean;
  empty: boolean;
  pushedAt: string;
  /** branch -> path -> content */
  files: Map<string, Map<string, string>>;
}

export interface Limits {
  /** Requests per window that cost budget (non-304); Infinity: none. */
  budget: number;
  windowMs: number;
  /** More than this many requests in flight answer the secondary limit; Infinity: none. */
  maxInFlight: number;
  /** Retry-After (s) of the secondary limit. */
  retryAfterS: number;
  /** Artificial latency per request (ms), to make concurrency observable. */
  latencyMs: number;
}

export interface Counters {
  total: number;
  notModified: number;
  limited: number;
  secondary: number;
  byKind: Record<string, number>;
  maxInFlight: number;
}

export const etagOf = (text: string, weak = false) =>
  `${weak ? 'W/' : ''}"${createHash('sha1').update(text).digest('hex')}"`;

export class RepoHost {
  repos = new Map<number, HostedRepo>();
  private nextId = 1000;
  limits: Limits = { budget: Infinity, windowMs: 60_000, maxInFlight: Infinity, retryAfterS: 1, latencyMs: 0 };
  counters: Counters = { total: 0, notModified: 0, limited: 0, secondary: 0, byKind: {}, maxInFlight: 0 };
  private used = 0;
  private windowStart = Date.now();
  inFlight = 0;

  add(
    owner: string,
    name: string,
    opts: { file?: string | null; path?: string; archived?: boolean; empty?: boolean; branch?: string } = {},
  ): HostedRepo {
    const branch = opts.branch ?? 'main';
    const files = new Map<string, Map<string, string>>();
    if (!opts.empty)
      files.set(
        branch,
        new Map(opts.file === null || opts.file === undefined ? [] : [[opts.path ?? 'catalog-info.yaml', opts.file]]),
      );
    const repo: HostedRepo = {
      id: this.nextId++,
      owner,
      name,
      defaultBranch: branch,
      archived: opts.archived ?? false,
      empty: opts.empty ?? false,
      pushedAt: new Date(Date.now() - 86_400_000).toISOString(),
      files,
    };
    this.repos.set(repo.id, repo);
    return repo;
  }

  /** A push to the default branch writing (or, with null, deleting) a file. */
  push(repo: HostedRepo, path: string, content: string | null) {
    const files = this.repos.get(repo.id)!.files.get(repo.defaultBranch) ?? new Map<string, string>();
    if (content === null) files.delete(path);
    else files.set(path, content);
    repo.files.set(repo.defaultBranch, files);
    repo.empty = false;
    repo.pushedAt = new Date(Math.max(Date.now(), Date.parse(repo.pushedAt) + 1000)).toISOString();
  }

  private byName = new Map<string, HostedRepo>();
  /** A repository by owner and name: an index checked on every hit, rebuilt on a miss (tests rename and delete in place). */
  find(owner: string, name: string): HostedRepo | undefined {
    const key = `${owner}/${name}`;
    const hit = this.byName.get(key);
    if (hit && hit.owner === owner && hit.name === name && this.repos.get(hit.id) === hit) return hit;
    this.byName = new Map([...this.repos.values()].map((r) => [`${r.owner}/${r.name}`, r]));
    return this.byName.get(key);
  }

  resetCounters() {
    this.counters = { total: 0, notModified: 0, limited: 0, secondary: 0, byKind: {}, maxInFlight: 0 };
  }

  /** The budget window: remaining and reset (epoch s) after `cost` is taken, or null when spent. */
  take(cost: number): { limit: number; remaining: number; reset: number; spent: boolean } {
    const now = Date.now();
    if (now - this.windowStart >= this.limits.windowMs) {
      this.windowStart = now;
      this.used = 0;
    }
    const limit = Number.isFinite(this.limits.budget) ? this.limits.budget : 5000;
    const reset = Math.ceil((this.windowStart + this.limits.windowMs) / 1000);
    if (Number.isFinite(this.limits.budget) && this.used + cost > this.limits.budget)
      return { limit, remaining: 0, reset, spent: true };
    if (Number.isFinite(this.limits.budget)) this.used += cost;
    return {
      limit,
      remaining: Number.isFinite(this.limits.budget) ? this.limits.budget - this.used : 5000,
      reset,
      spent: false,
    };
  }

  count(kind: string) {
    this.counters.total++;
    this.counters.byKind[kind] = (this.counters.byKind[kind] ?? 0) + 1;
  }
}

export interface FakeHttpRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
}
export interface FakeHttpReply {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
}

/** A plain node server on 127.0.0.1 (any free port) counting requests in flight for the secondary limit. */
export async function serve(host: RepoHost, handle: (req: FakeHttpRequest) => Promise<FakeHttpReply> | FakeHttpReply) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      host.inFlight++;
      host.counters.maxInFlight = Math.max(host.counters.maxInFlight, host.inFlight);
      const request = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://fake'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const delay =
        host.limits.latencyMs > 0 ? new Promise((r) => setTimeout(r, host.limits.latencyMs)) : Promise.resolve();
      Promise.resolve(handle(request))
        .then(async (reply) => {
          await delay;
          const text = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
          const type = reply.text !== undefined ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
          res.writeHead(reply.status, { 'content-type': type, ...reply.headers });
          res.end(reply.status === 304 ? undefined : text);
        })
        .catch((err: Error) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message: err.message }));
        })
        .finally(() => host.inFlight--);
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `Link` header of a numbered page (RFC 8288), as both providers write it. */
export function pageLinks(base: URL, page: number, lastPage: number, withLast = true): string | undefined {
  const at = (p: number) => {
    const u = new URL(base);
    u.searchParams.set('page', String(p));
    return u.toString();
  };
  const links: string[] = [];
  if (page < lastPage)
    links.push(`<${at(page + 1)}>; rel="next"`, ...(withLast ? [`<${at(lastPage)}>; rel="last"`] : []));
  if (page > 1) links.push(`<${at(1)}>; rel="first"`, `<${at(page - 1)}>; rel="prev"`);
  return links.length ? links.join(', ') : undefined;
}
