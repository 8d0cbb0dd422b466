import { matchesPattern } from '../../src/modules/search-indices/search-indices.stats.js';
import { startFakeServer, type FakeServer } from './http-server.js';

export interface FakeIndex {
  index: string;
  health: 'green' | 'yellow' | 'red';
  status?: 'open' | 'close';
  docs: number;
  bytes: number;
}

/**
 * Answers `GET /_cat/indices/<targets>?format=json&bytes=b` like Elasticsearch: an array of rows whose
 * numbers are strings; a concrete (wildcard-free) target that does not exist -> 404 with
 * `index_not_found_exception`; wrong credentials -> 401 `security_exception`.
 */
export async function startFakeElasticsearch(indices: FakeIndex[], auth?: string): Promise<FakeServer> {
  return startFakeServer((req) => {
    if (auth && req.headers.authorization !== auth)
      return {
        status: 401,
        body: { error: { type: 'security_exception', reason: 'missing authentication credentials' }, status: 401 },
      };
    const m = /^\/_cat\/indices(?:\/(.+))?$/.exec(req.url.pathname);
    if (!m) return { status: 404, body: { error: 'no handler', status: 404 } };
    const targets = decodeURIComponent(m[1] ?? '*');
    for (const t of targets.split(',')) {
      if (!t.includes('*') && !t.startsWith('-') && !indices.some((i) => i.index === t)) {
        return {
          status: 404,
          body: { error: { type: 'index_not_found_exception', reason: `no such index [${t}]` }, status: 404 },
        };
      }
    }
    const rows = indices
      .filter((i) => matchesPattern(targets, i.index))
      .map((i) => ({
        health: i.health,
        status: i.status ?? 'open',
        index: i.index,
        uuid: 'u',
        pri: '1',
        rep: '1',
        'docs.count': String(i.docs),
        'docs.deleted': '0',
        'store.size': String(i.bytes),
        'pri.store.size': String(i.bytes),
      }));
    return { status: 200, body: rows };
  });
}
