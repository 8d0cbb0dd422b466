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
    if (!this.credentials.username || !this.credentials.password) return Promise.resolve(undefined);
    this.token ??= new HttpClient({ system: 'Docker Hub', baseUrl: this.http.url('/').origin })
      .post<{ token?: string }>(this.http.url('/v2/users/login').toString(), {
        json: { username: this.credentials.username, password: this.credentials.password },
      })
      .then((b) => b?.token)
      .catch((err) => {
        this.token = undefined;
        throw err;
      });
    return this.token;
  }

  /** Follows `next` links of a paginated list, up to `maxPages`. */
  async all<T>(path: string, maxPages = 50): Promise<T[]> {
    const out: T[] = [];
    let next: string | null | undefined = this.http.url(path, { page_size: 100 }).toString();
    for (let i = 0; next && i < maxPages; i++) {
      const page: { results?: T[]; next?: string | null } = await this.http.get(next);
      out.push(...(page?.results ?? []));
      next = page?.next;
    }
    return out;
  }
}
