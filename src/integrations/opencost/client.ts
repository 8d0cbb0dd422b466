import { HttpClient } from '../http.js';

export interface OpenCostAllocation {
  name?: string;
  cpuCost?: number;
  ramCost?: number;
  gpuCost?: number;
  pvCost?: number;
  networkCost?: number;
  loadBalancerCost?: number;
  sharedCost?: number;
  externalCost?: number;
  totalCost?: number;
}

/** OpenCost's API (https://opencost.io/docs/integrations/api): `/healthz` and `/allocation/compute`. */
export class OpenCostClient {
  private readonly http: HttpClient;
  constructor(baseUrl: string, opts: { fetch?: typeof fetch } = {}) {
    this.http = new HttpClient({ system: 'OpenCost', baseUrl, fetch: opts.fetch });
  }

  async healthz(signal?: AbortSignal): Promise<boolean> {
    try {
      await this.http.request('GET', '/healthz', { as: 'none', timeoutMs: 5000, signal });
      return true;
    } catch {
      return false;
    }
  }

  /** `{code, data: [ {<key>: allocation, …} ]}`: with `accumulate=true`, one set for the whole window. */
  async allocation(
    window: string,
    aggregate: string,
    signal?: AbortSignal,
  ): Promise<Record<string, OpenCostAllocation>[]> {
    const body = await this.http.get<{ code?: number; data?: (Record<string, OpenCostAllocation> | null)[] }>(
      '/allocation/compute',
      {
        query: { window, aggregate, accumulate: 'true' },
        signal,
      },
    );
    return (body?.data ?? []).filter((s): s is Record<string, OpenCostAllocation> => !!s && typeof s === 'object');
  }
}
