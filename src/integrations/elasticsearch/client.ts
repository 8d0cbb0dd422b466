import { basicAuth, HttpClient } from '../http.js';

export interface SearchCredentials {
  username?: string;
  password?: string;
  apiKey?: string;
}

/** `_cat/indices` of Elasticsearch / OpenSearch (https://www.elastic.co/guide/en/elasticsearch/reference/current/cat-indices.html). */
export class ElasticsearchClient {
  private readonly http: HttpClient;
  constructor(
    baseUrl: string,
    credentials: SearchCredentials | undefined,
    opts: { fetch?: typeof fetch; timeoutMs?: number } = {},
  ) {
    const headers: Record<string, string> = {};
    if (credentials?.apiKey) headers.authorization = `ApiKey ${credentials.apiKey}`;
    else if (credentials?.username) headers.authorization = basicAuth(credentials.username, credentials.password ?? '');
    this.http = new HttpClient({
      system: 'Search cluster',
      baseUrl,
      headers,
      fetch: opts.fetch,
      timeoutMs: opts.timeoutMs,
    });
  }

  /** `GET /_cat/indices/<targets>?format=json&bytes=b`; 404 (a missing concrete index) is answered as null. */
  async catIndices(targets: string, signal?: AbortSignal): Promise<Record<string, string | null>[] | null> {
    const path = `/_cat/indices/${targets.split(',').map(encodeURIComponent).join(',')}`;
    const res = await this.http.request<Record<string, string | null>[]>('GET', path, {
      query: { format: 'json', bytes: 'b' },
      accept: [404],
      signal,
    });
    return res.status === 404 ? null : (res.body ?? []);
  }
}
