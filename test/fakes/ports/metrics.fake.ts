import { Unavailable } from '../../../src/kernel/errors.js';
import type { MeshOneMetricsPort } from '../../../src/modules/meshone/meshone.ports.js';
import type { MeshTwoMetricsPort, RangeSeries } from '../../../src/modules/meshtwo/meshtwo.ports.js';

/**
 * In-memory metrics store: answers the series set for a query (by substring), recording the queries.
 * Held to test/contracts/metrics.contract.ts.
 */
export class FakeMetrics implements MeshOneMetricsPort, MeshTwoMetricsPort {
  readonly queries: { query: string; start: number; end: number; step: number }[] = [];
  series = new Map<string, RangeSeries[]>();
  up = true;

  async queryRange(query: string, range: { start: number; end: number; step: number }, signal?: AbortSignal) {
    signal?.throwIfAborted();
    if (!this.up) throw new Unavailable('Metrics store is unreachable');
    this.queries.push({ query, ...range });
    for (const [needle, series] of this.series) if (query.includes(needle)) return series;
    return [];
  }
}
