import { collectPages } from '../paging.js';
import { basicAuth, HttpClient } from '../http.js';

/** Harbor's API v2.0 (https://goharbor.io/docs/main/build-customize-contribute/configure-swagger/) with basic auth. */
export class HarborClient {
  readonly http: HttpClient;
  constructor(
    baseUrl: string,
    credentials: { username?: string; password?: string },
    opts: { fetch?: typeof fetch } = {},
  ) {
    const headers: Record<string, string> = credentials.username
      ? { authorization: basicAuth(credentials.username, credentials.password ?? '') }
      : {};
    this.http = new HttpClient({
      system: 'Harbor',
      baseUrl: `${baseUrl.replace(/\/+$/, '').replace(/\/api\/v2\.0$/, '')}/api/v2.0`,
      headers,
      fetch: opts.fetch,
    });
  }

  /** Pages with `page`/`page_size` until a short page (Harbor also sends `X-Total-Count` and `Link`). */
  async all<T>(
    path: string,
    query: Record<string, string | number | boolean> = {},
    signal?: AbortSignal,
    maxPages = 100,
  ): Promise<T[]> {
    let read = 0;
    return collectPages(
      1,
      async (page) => {
        const res = await this.http.request<T[]>('GET', path, { query: { ...query, page, page_size: 100 }, signal });
        const items = res.body ?? [];
        read += items.length;
        const total = Number(res.headers.get('x-total-count'));
        const last = items.length < 100 || (Number.isFinite(total) && read >= total);
        return { items, next: last ? null : page + 1 };
      },
      maxPages,
    );
  }
}
