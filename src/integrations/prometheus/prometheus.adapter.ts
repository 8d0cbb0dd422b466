import type { QueryWindow } from '../../kernel/metrics-window.js';
import type { MeshOneMetricQuery, MeshOneMetricsPort } from '../../modules/meshone/meshone.ports.js';
import type { MeshTwoMetricQuery, MeshTwoMetricsPort } from '../../modules/meshtwo/meshtwo.ports.js';
import { PrometheusClient } from './client.js';
import { istioQuery, linkerdQuery } from './promql.js';

/** Both meshes' metrics ports over `METRICS_URL`: each typed query written as PromQL here (decision 1052). */
export class PrometheusMetricsAdapter implements MeshOneMetricsPort, MeshTwoMetricsPort {
  private readonly client: PrometheusClient;

  constructor(baseUrl: string | undefined, timeoutMs?: number) {
    this.client = new PrometheusClient(baseUrl, timeoutMs);
  }

  meshOneSeries(query: MeshOneMetricQuery, window: QueryWindow, signal?: AbortSignal) {
    return this.client.queryRange(istioQuery(query, window), window, signal);
  }

  async meshTwoSeries(query: MeshTwoMetricQuery, window: QueryWindow, signal?: AbortSignal) {
    const promql = linkerdQuery(query, window);
    return { query: promql, series: await this.client.queryRange(promql, window, signal) };
  }
}
