import type { MeshOneMetricsPort } from '../../../src/modules/meshone/meshone.ports.js';
import type { MeshTwoMetricsPort, RangeSeries } from '../../../src/modules/meshtwo/meshtwo.ports.js';

/** In-memory metrics store: answers the series set for a query (by substring), recording the queries. */
export class FakeMetrics implements MeshOneMetricsPort, MeshTwoMetricsPort {
  readonly queries: { query: string; start: number; end: number; step: number }[] = [];
  series = new Map<string, RangeSeries[]>();

  async queryRange(query: string, range: { start: number; end: number; step: number }) {
    this.queries.push({ query, ...range });
    for (const [needle, series] of this.series) if (query.includes(needle)) return series;
    return [];
  }
}
