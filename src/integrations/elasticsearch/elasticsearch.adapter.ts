import type { CatIndex, SearchClusterPort } from '../../modules/search-indices/search-indices.ports.js';
import { ElasticsearchClient, type SearchCredentials } from './client.js';

const num = (v: string | number | null | undefined) => {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? n : 0;
};

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3, tb: 1024 ** 4, pb: 1024 ** 5 };
/** `store.size` in bytes; a server or proxy that ignores `bytes=b` answers `1.2mb`, which is converted. */
const bytes = (v: string | number | null | undefined) => {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb|tb|pb)\s*$/i.exec(String(v ?? ''));
  return m ? Math.round(Number(m[1]) * UNITS[m[2]!.toLowerCase()]!) : num(v);
};

/** The search-cluster port over Elasticsearch or OpenSearch (same `_cat` API). */
export class ElasticsearchAdapter implements SearchClusterPort {
  constructor(
    private readonly credentials: SearchCredentials | undefined,
    private readonly opts: { fetch?: typeof fetch; timeoutMs?: number } = {},
  ) {}

  async catIndices(
    url: string,
    patterns: string[],
    { credentials }: { credentials: boolean },
    signal?: AbortSignal,
  ): Promise<CatIndex[] | null> {
    const client = new ElasticsearchClient(url, credentials ? this.credentials : undefined, this.opts);
    const rows = await client.catIndices(patterns.join(','), signal);
    return (
      rows?.map((r) => ({
        index: String(r.index ?? ''),
        health: String(r.health ?? 'unknown'),
        status: String(r.status ?? 'open'),
        docsCount: num(r['docs.count']),
        storeBytes: bytes(r['store.size']),
      })) ?? null
    );
  }
}
