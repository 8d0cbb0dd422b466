import type { CatIndex, SearchClusterPort } from '../../modules/search-indices/search-indices.ports.js';
import { ElasticsearchClient, type SearchCredentials } from './client.js';

const num = (v: string | number | null | undefined) => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};

/** The search-cluster port over Elasticsearch or OpenSearch (same `_cat` API). */
export class ElasticsearchAdapter implements SearchClusterPort {
  constructor(
    private readonly credentials: SearchCredentials | undefined,
    private readonly opts: { fetch?: typeof fetch; timeoutMs?: number } = {},
  ) {}

  async catIndices(url: string, patterns: string[], { credentials }: { credentials: boolean }): Promise<CatIndex[] | null> {
    const client = new ElasticsearchClient(url, credentials ? this.credentials : undefined, this.opts);
    const rows = await client.catIndices(patterns.join(','));
    return (
      rows?.map((r) => ({
        index: String(r.index ?? ''),
        health: String(r.health ?? 'unknown'),
        status: String(r.status ?? 'open'),
        docsCount: num(r['docs.count']),
        storeBytes: num(r['store.size']),
      })) ?? null
    );
  }
}
