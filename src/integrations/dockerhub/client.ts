import { collectPages } from '../paging.js';
import { HttpClient } from '../http.js';

/**
 * Docker Hub API v2 (https://docs.docker.com/reference/api/hub/latest/): `POST /v2/users/login`
 * exchanges a username and password (or personal access token) for a JWT sent as a Bearer token;
 * lists are paginated with `page`/`page_size` and a `next` URL.
 */
export class DockerHubClient {
  readonly http: HttpClient;
  private token: Promise<string | undefined> | undefined;

  constructor(
    baseUrl: string,
    private readonly credentials: { username?: string; password?: string },
    opts: { fetch?: typeof fetch } = {},
  ) {
    this.http = new HttpClient({
      system: 'Docker Hub',
      baseUrl,
      fetch: opts.fetch,
      headers: async (): Promise<Record<string, string>> => {
        const token = await this.login();
        return token ? { authorization: `Bearer ${token}` } : {};
      },
    });
  }

  private login(): Promise<string | undefined> {
    const { username, password } = this.credentials;
    if (!username || !password) return Promise.resolve(undefined);
    this.token ??= this.exchange(username, password).catch((err) => {
      this.token = undefined;
      throw err;
    });
    return this.token;
  }

  /**
   * `POST /v2/users/login` `{username, password}` -> `{token}`; where only the newer
   * `POST /v2/auth/token` `{identifier, secret}` -> `{access_token}` exists, that one.
   */
  private async exchange(username: string, password: string): Promise<string | undefined> {
    const auth = new HttpClient({ system: 'Docker Hub', baseUrl: this.http.url('/').origin });
    const res = await auth.request<{ token?: string }>('POST', this.http.url('/v2/users/login').toString(), {
      json: { username, password },
      accept: [404, 405],
    });
    if (res.status < 400) return res.body?.token;
    const body = await auth.post<{ access_token?: string }>(this.http.url('/v2/auth/token').toString(), {
      json: { identifier: username, secret: password },
    });
    return body?.access_token;
  }

  /** Follows `next` links of a paginated list, up to `maxPages`, only on the configured origin (decision 204). */
  async all<T>(path: string, signal?: AbortSignal, maxPages = 50): Promise<T[]> {
    return collectPages(
      this.http.url(path, { page_size: 100 }).toString(),
      async (link) => {
        const page: { results?: T[]; next?: string | null } = await this.http.get(link, { signal });
        return { items: page?.results ?? [], next: page?.next ? this.http.pageLink(page.next) : null };
      },
      maxPages,
    );
  }
}
