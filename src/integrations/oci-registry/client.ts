import { NotFound } from '../../kernel/errors.js';
import { basicAuth, HttpClient, type HttpResponse, type RequestOptions } from '../http.js';

/**
 * An OCI Distribution v2 client (https://github.com/opencontainers/distribution-spec/blob/main/spec.md)
 * with the Docker token flow (https://distribution.github.io/distribution/spec/auth/token/): a 401
 * carrying `WWW-Authenticate: Bearer realm=…,service=…,scope=…` is answered by fetching a token from
 * the realm (with basic credentials when configured) and retrying; `Basic` challenges get basic auth.
 */
export class OciRegistryClient {
  private readonly http: HttpClient;
  private readonly tokens = new Map<string, string>();
  /** Per scope: false when the token server granted none of the repository's actions. */
  private readonly granted = new Map<string, boolean>();
  private basic = false;

  constructor(
    readonly baseUrl: string,
    private readonly credentials: { username?: string; password?: string } = {},
    opts: { fetch?: typeof fetch; system?: string } = {},
  ) {
    this.http = new HttpClient({ system: opts.system ?? 'Container registry', baseUrl, fetch: opts.fetch });
  }

  async request<T>(
    path: string,
    opts: RequestOptions = {},
    scope?: string,
    method: 'GET' | 'HEAD' = 'GET',
  ): Promise<HttpResponse<T>> {
    const withAuth = (): RequestOptions => ({
      ...opts,
      headers: { ...opts.headers, ...this.authHeader(scope) },
      accept: [...(opts.accept ?? []), 401],
    });
    let res = await this.http.request<T>(method, path, withAuth());
    if (res.status === 401) {
      await this.answerChallenge(res.headers.get('www-authenticate') ?? '', scope);
      const retry = {
        ...opts,
        headers: { ...opts.headers, ...this.authHeader(scope) },
        accept: [...(opts.accept ?? []), 401, 403],
      };
      res = await this.http.request<T>(method, path, retry);
      if (res.status === 401 || res.status === 403) {
        // Docker Hub and other token-flow registries answer a repository that does not exist (or
        // that the account may not see) with a token granting nothing and then 401 "authentication
        // required": that is a missing repository, not a refused credential (decision 407).
        if (this.granted.get(scope ?? '') === false)
          throw new NotFound(`${this.http.system}: repository not found (or not visible to the configured account)`);
        if (!opts.accept?.includes(res.status)) throw this.http.errorFor(res.status);
      }
    }
    return res;
  }

  /** A blob; registries on object storage redirect to a signed URL, fetched without our credentials. */
  async blob<T>(path: string, scope: string, signal?: AbortSignal): Promise<T | undefined> {
    const res = await this.request<string>(path, { accept: [404, 301, 302, 303, 307, 308], as: 'text', signal }, scope);
    if (res.status === 404) return undefined;
    const location = res.headers.get('location');
    if (res.status >= 300)
      return location ? this.http.get<T>(new URL(location, this.http.url(path)).toString(), { signal }) : undefined;
    try {
      return JSON.parse(res.body) as T;
    } catch {
      return undefined;
    }
  }

  /** The next page of a `Link` header, on the registry's own origin only (decision 204). */
  nextPage(header: string | null): string | undefined {
    const link = nextLink(header);
    return link === undefined ? undefined : this.http.pageLink(link);
  }

  private authHeader(scope?: string): Record<string, string> {
    const token = this.tokens.get(scope ?? '');
    if (token) return { authorization: `Bearer ${token}` };
    if (this.basic && this.credentials.username)
      return { authorization: basicAuth(this.credentials.username, this.credentials.password ?? '') };
    return {};
  }

  private async answerChallenge(header: string, scope?: string) {
    const [scheme] = header.trim().split(/\s+/, 1);
    if (scheme?.toLowerCase() === 'basic') {
      this.basic = true;
      return;
    }
    if (scheme?.toLowerCase() !== 'bearer') throw this.http.errorFor(401);
    const params = parseChallenge(header.slice(scheme.length));
    if (!params.realm) throw this.http.errorFor(401);
    const query: Record<string, string> = {};
    if (params.service) query.service = params.service;
    const wanted = params.scope ?? scope;
    if (wanted) query.scope = wanted;
    const headers: Record<string, string> = this.credentials.username
      ? { authorization: basicAuth(this.credentials.username, this.credentials.password ?? '') }
      : {};
    const body = await this.http.get<{ token?: string; access_token?: string }>(params.realm, { query, headers });
    const token = body?.token ?? body?.access_token;
    if (!token) throw this.http.errorFor(401);
    this.tokens.set(scope ?? '', token);
    const access = grantedAccess(token);
    if (access && wanted?.startsWith('repository:')) this.granted.set(scope ?? '', access.length > 0);
  }
}

/**
 * The `access` claim of a registry token (a JWT, https://distribution.github.io/distribution/spec/auth/jwt/):
 * the actions granted; undefined when the token is opaque (then nothing can be concluded).
 */
export function grantedAccess(token: string): { type?: string; name?: string; actions?: string[] }[] | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { access?: unknown };
    if (!Array.isArray(claims.access)) return undefined;
    return (claims.access as { actions?: unknown }[]).filter(
      (a) => Array.isArray(a?.actions) && a.actions.length > 0,
    ) as {
      actions?: string[];
    }[];
  } catch {
    return undefined;
  }
}

/** `realm="https://auth",service="registry",scope="repository:a:pull"` -> map. */
export function parseChallenge(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([a-zA-Z_]+)="([^"]*)"/g)) out[m[1]!.toLowerCase()] = m[2]!;
  return out;
}

/** The next page path from an RFC 5988 `Link: </v2/_catalog?last=x&n=100>; rel="next"` header. */
export function nextLink(header: string | null): string | undefined {
  const m = header ? /<([^>]+)>\s*;\s*rel="?next"?/i.exec(header) : null;
  return m?.[1];
}
