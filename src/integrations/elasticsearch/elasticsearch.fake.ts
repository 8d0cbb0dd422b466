import { Unavailable } from '../../kernel/errors.js';
import type { CatIndex, SearchClusterPort } from '../../modules/search-indices/search-indices.ports.js';
import { matchesPattern } from '../../modules/search-indices/search-indices.stats.js';

/** In-memory clusters by URL, for tests of the module. */
export class FakeSearchClusters implements SearchClusterPort {
  readonly clusters = new Map<string, CatIndex[]>();
  async catIndices(url: string, patterns: string[]) {
    const indices = this.clusters.get(url);
    if (!indices) throw new Unavailable('Search cluster is unreachable');
    return indices.filter((i) => matchesPattern(patterns.join(','), i.index));
  }
}
