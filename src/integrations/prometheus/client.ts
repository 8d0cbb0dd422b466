import { BadGateway, Unavailable } from '../../kernel/errors.js';
import { HttpClient } from '../http.js';

/** The name error messages give the metrics store. */
export const METRICS_STORE = 'Metrics store (Prometheus)';

/** One series of a Prometheus range query: its labels and `[epoch seconds, "value"]` pairs. */
export interface PromSeries {
  metric: Record<string, string>;
  values: [number, string][];
}

interface PromAnswer {
  status: 'success' | 'error';
  data?: { resultType: string; result: PromSeries[] };
  errorType?: string;
}

/**
 * The Prometheus HTTP API (https://prometheus.io/docs/prometheus/latest/querying/api/): range
 * queries through the shared HTTP helper (10 s timeout; unreachable or 5xx -> 503 naming the store).
 * A PromQL error (400/422 `bad_data`, `execution`) is the server's fault here, not the caller's: 502.
 */
export class PrometheusClient {
  private readonly http: HttpClient | undefined;

  constructor(baseUrl: string | undefined, timeoutMs?: number) {
    this.http = baseUrl ? new HttpClient({ system: METRICS_STORE, baseUrl, timeoutMs }) : undefined;
  }

  get configured() {
    return !!this.http;
  }

  async queryRange(
    query: string,
    range: { start: number; end: number; step: number },
    signal?: AbortSignal,
  ): Promise<PromSeries[]> {
    if (!this.http) throw new Unavailable(`${METRICS_STORE} is not configured (METRICS_URL)`);
    const res = await this.http.request<PromAnswer>('GET', '/api/v1/query_range', {
      query: { query, start: range.start, end: range.end, step: range.step },
      accept: [400, 422],
      signal,
    });
    const body = res.body;
    if (res.status !== 200 || body?.status !== 'success' || body.data?.resultType !== 'matrix') {
      throw new BadGateway(`${METRICS_STORE} refused the query (${body?.errorType ?? `HTTP ${res.status}`})`);
    }
    return body.data.result;
  }
}
