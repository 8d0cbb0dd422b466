import { Unavailable } from '../../../src/kernel/errors.js';
import type { CatIndex, SearchClusterPort } from '../../../src/modules/search-indices/search-indices.ports.js';
import { matchesPattern } from '../../../src/modules/search-indices/search-indices.stats.js';

/**
 * In-memory clusters by URL, held to test/contracts/search-cluster.contract.ts: an unknown URL is
 * unreachable (503) and, as Elasticsearch answers 404 for it, a concrete (wildcard-free) pattern
 * naming no index is `null` (decision 510).
 */
export class FakeSearchClusters implements SearchClusterPort {
  readonly clusters = new Map<string, CatIndex[]>();
  async catIndices(url: string, patterns: string[], _opts?: { credentials: boolean }, signal?: AbortSignal) {
    signal?.throwIfAborted();
    const indices = this.clusters.get(url);
    if (!indices) throw new Unavailable('Search cluster is unreachable');
    const missing = patterns.some((p) => !p.includes('*') && !p.startsWith('-') && !indices.some((i) => i.index === p));
    if (missing) return null;
    return indices.filter((i) => matchesPattern(patterns.join(','), i.index)).map((i) => ({ ...i }));
  }
}
