import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ElasticsearchAdapter } from '../../src/integrations/elasticsearch/elasticsearch.adapter.js';
import { startFakeElasticsearch } from '../fakes/elasticsearch-server.js';
import { startFakeServer, type FakeServer } from '../fakes/http-server.js';
import { searchClusterContract } from './search-cluster.contract.js';

searchClusterContract('Elasticsearch adapter against an Elasticsearch-shaped server', async () => {
  const servers: FakeServer[] = [];
  return {
    port: new ElasticsearchAdapter({ apiKey: 'k1' }),
    async cluster(indices) {
      const server = await startFakeElasticsearch(
        indices.map((i) => ({
          index: i.index,
          health: i.health as 'green',
          status: i.status as 'open',
          docs: i.docsCount,
          bytes: i.storeBytes,
        })),
        'ApiKey k1',
      );
      servers.push(server);
      return server.url;
    },
    unreachableUrl: 'http://127.0.0.1:1',
    close: async () => void (await Promise.all(servers.map((x) => x.close()))),
  };
});

let es: Awaited<ReturnType<typeof startFakeElasticsearch>>;
beforeAll(async () => {
  es = await startFakeElasticsearch([{ index: 'logs-1', health: 'green', docs: 10, bytes: 2048 }], 'ApiKey k1');
});
afterAll(() => es.close());

describe('Elasticsearch adapter', () => {
  it('reads _cat/indices with format=json&bytes=b and the ApiKey header', async () => {
    const rows = await new ElasticsearchAdapter({ apiKey: 'k1' }).catIndices(es.url, ['logs-*'], { credentials: true });
    expect(rows).toEqual([{ index: 'logs-1', health: 'green', status: 'open', docsCount: 10, storeBytes: 2048 }]);
    const q = es.requests.at(-1)!.url;
    expect(q.pathname).toBe('/_cat/indices/logs-*');
    expect(Object.fromEntries(q.searchParams)).toEqual({ format: 'json', bytes: 'b' });
  });
  it('a human-readable store.size (bytes=b ignored) is converted to bytes', async () => {
    const srv = await startFakeServer(() => ({
      status: 200,
      body: [
        { health: 'yellow', status: 'open', index: 'a', 'docs.count': '3', 'store.size': '1.5kb' },
        { health: 'green', status: 'open', index: 'b', 'docs.count': null, 'store.size': null },
      ],
    }));
    const rows = await new ElasticsearchAdapter(undefined).catIndices(srv.url, ['*'], { credentials: false });
    expect(rows).toEqual([
      { index: 'a', health: 'yellow', status: 'open', docsCount: 3, storeBytes: 1536 },
      { index: 'b', health: 'green', status: 'open', docsCount: 0, storeBytes: 0 },
    ]);
    await srv.close();
  });
  it('a missing concrete index is null; no credentials sent when not allowed -> refused', async () => {
    expect(
      await new ElasticsearchAdapter({ apiKey: 'k1' }).catIndices(es.url, ['nope'], { credentials: true }),
    ).toBeNull();
    await expect(
      new ElasticsearchAdapter({ apiKey: 'k1' }).catIndices(es.url, ['logs-*'], { credentials: false }),
    ).rejects.toMatchObject({ statusCode: 502 });
    await expect(
      new ElasticsearchAdapter(undefined).catIndices('http://127.0.0.1:1', ['x'], { credentials: false }),
    ).rejects.toMatchObject({
      statusCode: 503,
    });
  });
});
