import { istioQuery, linkerdQuery } from '../../../src/integrations/prometheus/promql.js';
import { Unavailable } from '../../../src/kernel/errors.js';
import type { QueryWindow } from '../../../src/kernel/metrics-window.js';
import type { MeshOneMetricQuery, MeshOneMetricsPort } from '../../../src/modules/meshone/meshone.ports.js';
import type {
  MeshTwoMetricQuery,
  MeshTwoMetricsPort,
  RangeSeries,
} from '../../../src/modules/meshtwo/meshtwo.ports.js';

/**
 * In-memory metrics store: it sees the PromQL the real adapter would send (the same builders) and
 * answers the series set for it by substring, recording the queries. Held to test/contracts/metrics.contract.ts.
 */
export class FakeMetrics implements MeshOneMetricsPort, MeshTwoMetricsPort {
  readonly queries: { query: string; start: number; end: number; step: number }[] = [];
  series = new Map<string, RangeSeries[]>();
  up = true;

  async meshOneSeries(query: MeshOneMetricQuery, window: QueryWindow, signal?: AbortSignal) {
    return this.answer(istioQuery(query, window), window, signal);
  }

  async meshTwoSeries(query: MeshTwoMetricQuery, window: QueryWindow, signal?: AbortSignal) {
    const promql = linkerdQuery(query, window);
    return { query: promql, series: await this.answer(promql, window, signal) };
  }

  private async answer(query: string, window: QueryWindow, signal?: AbortSignal) {
    signal?.throwIfAborted();
    if (!this.up) throw new Unavailable('Metrics store is unreachable');
    this.queries.push({ query, start: window.start, end: window.end, step: window.step });
    for (const [needle, series] of this.series) if (query.includes(needle)) return series;
    return [];
  }
}
