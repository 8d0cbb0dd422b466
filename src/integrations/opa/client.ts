import { HttpClient } from '../http.js';

/** OPA's REST API (https://www.openpolicyagent.org/docs/latest/rest-api/): health and the Data API. */
export class OpaClient {
  private readonly http: HttpClient;
  constructor(baseUrl: string, opts: { fetch?: typeof fetch } = {}) {
    this.http = new HttpClient({ system: 'OPA policy server', baseUrl, fetch: opts.fetch });
  }

  /** `GET /health`: 200 when the server is up and its bundles are activated. */
  async health(signal?: AbortSignal): Promise<boolean> {
    try {
      await this.http.request('GET', '/health', { as: 'none', timeoutMs: 5000, signal });
      return true;
    } catch {
      return false;
    }
  }

  /** `POST /v1/data/<path>` with `{input}`: `{result}`, or `{}` when the decision is undefined. */
  async data(path: string, input: Record<string, unknown>, signal?: AbortSignal): Promise<{ result?: unknown }> {
    const encoded = path.split('/').map(encodeURIComponent).join('/');
    return (
      (await this.http.post<{ result?: unknown } | undefined>(`/v1/data/${encoded}`, { json: { input }, signal })) ?? {}
    );
  }
}
