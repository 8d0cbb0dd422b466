import { collectPages } from '../paging.js';
import { HttpClient } from '../http.js';

/** Kong's Admin API (https://developer.konghq.com/admin-api/): paginated lists `{data, next}`. */
export class KongAdminClient {
  private readonly http: HttpClient;
  constructor(baseUrl: string, apiKey: string | undefined, opts: { fetch?: typeof fetch } = {}) {
    this.http = new HttpClient({
      system: 'Kong Admin API',
      baseUrl,
      headers: apiKey ? { 'Kong-Admin-Token': apiKey } : {},
      fetch: opts.fetch,
    });
  }

  /** Follows `next` (a path with an `offset`) until it is null; only on the configured origin (decision 204). */
  async all<T>(path: string, signal?: AbortSignal, maxPages = 1000): Promise<T[]> {
    return collectPages(
      `${path}?size=1000`,
      async (link) => {
        const page: { data?: T[]; next?: string | null } = await this.http.get(link, { signal });
        return { items: page?.data ?? [], next: page?.next ? this.http.pageLink(page.next) : null };
      },
      maxPages,
    );
  }
}
