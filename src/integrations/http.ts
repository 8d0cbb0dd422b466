import { BadGateway, NotFound, Unavailable } from '../kernel/errors.js';
import { OutboundRefused } from './outbound/policy.js';

/**
 * The one HTTP helper of every integration adapter (ARCHITECTURE.md rule 4): a timeout on every
 * call, JSON in and out, and upstream failures mapped to typed errors once, here:
 * - unreachable, timed out, or 5xx -> `Unavailable` (503) naming the system;
 * - 401/403 -> `UpstreamRefused` (502): the system refused the credential;
 * - 404 -> `NotFound` (404);
 * - any other non-2xx -> `BadGateway` (502) with the upstream status.
 * Messages never quote credentials, request bodies or upstream bodies (they may echo secrets).
 */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 10_000;

/** 502: the upstream system answered 401/403 to the stored credential. */
export class UpstreamRefused extends BadGateway {}

export type QueryValue = string | number | boolean | undefined | null;

export interface HttpClientOptions {
  /** Human name used in error messages, e.g. `Argo CD`, `Prometheus`. */
  system: string;
  baseUrl: string;
  timeoutMs?: number;
  /** Headers sent with every call (auth); a function is called per request (e.g. short-lived tokens). */
  headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** For tests and for callers that need a custom dispatcher. */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  query?: Record<string, QueryValue | QueryValue[]>;
  /** A JSON body (serialised here) or a prepared string/URLSearchParams body. */
  json?: unknown;
  body?: string | URLSearchParams;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Statuses answered as values instead of errors (e.g. `[404]` when absence is a normal answer). */
  accept?: number[];
  timeoutMs?: number;
  /** `json` (default), `text`, or `none` (the body is discarded). */
  as?: 'json' | 'text' | 'none';
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export class HttpClient {
  readonly system: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly doFetch: typeof fetch;

  constructor(private readonly opts: HttpClientOptions) {
    this.system = opts.system;
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
    this.doFetch = opts.fetch ?? fetch;
  }

  /** The absolute URL of `path` (relative to the base URL) with its query. */
  url(path: string, query?: RequestOptions['query']): URL {
    const url = /^https?:\/\//i.test(path)
      ? new URL(path)
      : new URL(this.baseUrl + (path.startsWith('/') ? path : `/${path}`));
    for (const [key, value] of Object.entries(query ?? {})) {
      for (const v of Array.isArray(value) ? value : [value])
        if (v !== undefined && v !== null) url.searchParams.append(key, String(v));
    }
    return url;
  }

  /**
   * A pagination link an upstream answered (`next`, `Link: rel="next"`): a path is taken relative to
   * the base URL as usual; an absolute link is followed only on the configured origin, because every
   * request carries this client's credentials (decision 204). Another origin is a 502.
   */
  pageLink(link: string): string {
    if (!/^[a-z][a-z0-9+.-]*:|^\/\//i.test(link)) return link;
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw new BadGateway(`${this.system} sent a page link that could not be read`);
    }
    if (url.origin !== new URL(this.baseUrl).origin)
      throw new BadGateway(`${this.system} sent a page link to another host; it was not followed`);
    return url.toString();
  }

  async request<T = unknown>(method: string, path: string, opts: RequestOptions = {}): Promise<HttpResponse<T>> {
    const url = this.url(path, opts.query);
    const base = typeof this.opts.headers === 'function' ? await this.opts.headers() : (this.opts.headers ?? {});
    const headers: Record<string, string> = { accept: 'application/json', ...base, ...opts.headers };
    let body: string | URLSearchParams | undefined = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers['content-type'] ??= 'application/json';
    }
    const timeout = AbortSignal.timeout(opts.timeoutMs ?? this.timeoutMs);
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await this.doFetch(url, { method, headers, body, signal, redirect: 'manual' });
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason ?? err;
      // The outbound policy refused the address (decision 200): say so, it is not an outage.
      const refused = err instanceof OutboundRefused ? err : (err as { cause?: unknown })?.cause;
      if (refused instanceof OutboundRefused) throw refused;
      const timedOut = timeout.aborted;
      throw new Unavailable(timedOut ? `${this.system} did not answer in time` : `${this.system} is unreachable`);
    }
    const accepted = opts.accept?.includes(res.status) ?? false;
    if (!res.ok && !accepted) {
      await res.body?.cancel().catch(() => {});
      throw this.errorFor(res.status);
    }
    try {
      const as = opts.as ?? 'json';
      if (as === 'none' || res.status === 204) {
        await res.body?.cancel().catch(() => {});
        return { status: res.status, headers: res.headers, body: undefined as T };
      }
      const text = await res.text();
      if (as === 'text') return { status: res.status, headers: res.headers, body: text as T };
      return { status: res.status, headers: res.headers, body: (text === '' ? undefined : JSON.parse(text)) as T };
    } catch (err) {
      if (opts.signal?.aborted) throw opts.signal.reason ?? err;
      if (timeout.aborted) throw new Unavailable(`${this.system} did not answer in time`);
      throw new BadGateway(`${this.system} sent an answer that could not be read`);
    }
  }

  /** The typed error for an upstream status (exported for adapters whose SDK reports statuses itself). */
  errorFor(status: number): Error {
    return upstreamError(this.system, status);
  }

  get<T = unknown>(path: string, opts?: RequestOptions) {
    return this.request<T>('GET', path, opts).then((r) => r.body);
  }
  post<T = unknown>(path: string, opts?: RequestOptions) {
    return this.request<T>('POST', path, opts).then((r) => r.body);
  }
  put<T = unknown>(path: string, opts?: RequestOptions) {
    return this.request<T>('PUT', path, opts).then((r) => r.body);
  }
  patch<T = unknown>(path: string, opts?: RequestOptions) {
    return this.request<T>('PATCH', path, opts).then((r) => r.body);
  }
  delete<T = unknown>(path: string, opts?: RequestOptions) {
    return this.request<T>('DELETE', path, opts).then((r) => r.body);
  }
}

/** The mapping of an upstream HTTP status to a typed error, for clients that do not use HttpClient (SDKs). */
export function upstreamError(system: string, status: number): Error {
  if (status === 401 || status === 403) return new UpstreamRefused(`${system} refused the credential (HTTP ${status})`);
  if (status === 404) return new NotFound(`${system}: the requested object was not found`);
  if (status >= 500) return new Unavailable(`${system} is unavailable (HTTP ${status})`);
  return new BadGateway(`${system} rejected the request (HTTP ${status})`);
}

/** Basic auth header value. */
export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
