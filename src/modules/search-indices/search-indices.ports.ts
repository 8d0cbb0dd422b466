/** One row of `_cat/indices?format=json&bytes=b` (numbers arrive as strings). */
export interface CatIndex {
  index: string;
  health: string;
  status: string;
  docsCount: number;
  storeBytes: number;
}

/** What the module needs from a search cluster (Elasticsearch/OpenSearch implement it). */
export interface SearchClusterPort {
  /**
   * The indices matching `patterns` (comma-joined, as `_cat/indices/<pattern>` takes them) on the
   * cluster at `url`. `null` when the pattern names a concrete index that does not exist.
   * Throws when the cluster is unreachable or refuses; rejects when `signal` aborts.
   */
  catIndices(
    url: string,
    patterns: string[],
    opts: { credentials: boolean },
    signal?: AbortSignal,
  ): Promise<CatIndex[] | null>;
}
