import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KongAdapter } from '../../src/integrations/kong/kong.adapter.js';
import { startFakeKong } from '../fakes/kong-server.js';
import { gatewayContract } from './gateway.contract.js';

gatewayContract('Kong adapter against a Kong Admin API-shaped server', async () => {
  const servers: Awaited<ReturnType<typeof startFakeKong>>[] = [];
  return {
    async serving(seeds) {
      const routes = seeds.map((r, i) => ({
        id: `r${i}`,
        name: `route-${i}`,
        paths: [r.path],
        methods: r.methods,
        tags: [],
        service: null,
      }));
      const server = await startFakeKong({ routes, services: [] }, { pageSize: 2 });
      servers.push(server);
      return new KongAdapter(server.url, undefined, 'http://proxy.local:8000');
    },
    unreachable: () => new KongAdapter('http://127.0.0.1:1', undefined, 'http://proxy.local:8000'),
    close: async () => void (await Promise.all(servers.map((x) => x.close()))),
  };
});

let kong: Awaited<ReturnType<typeof startFakeKong>>;
beforeAll(async () => {
  kong = await startFakeKong(
    {
      routes: [
        {
          id: 'r1',
          name: 'orders',
          paths: ['/orders', '/o'],
          methods: ['GET', 'POST'],
          tags: ['shop'],
          service: { id: 's1' },
        },
        { id: 'r2', name: null, paths: ['~/v\\d+/users$'], methods: null, tags: null, service: { id: 's2' } },
        { id: 'r3', name: 'root', paths: null, methods: ['GET'], tags: [], service: null },
      ],
      services: [
        { id: 's1', name: 'orders-svc' },
        { id: 's2', name: 'users-svc' },
      ],
    },
    { token: 'kong-secret' },
  );
});
afterAll(() => kong.close());

describe('Kong adapter', () => {
  it('follows next pages, sends Kong-Admin-Token, names from the service when the route has none', async () => {
    const routes = await new KongAdapter(kong.url, 'kong-secret', 'http://proxy.local:8000/').listRoutes();
    expect(routes).toEqual([
      {
        externalId: 'r1',
        name: 'orders',
        paths: ['/orders', '/o'],
        methods: ['GET', 'POST'],
        tags: ['shop'],
        probeUrl: 'http://proxy.local:8000/orders',
      },
      {
        externalId: 'r2',
        name: 'users-svc',
        paths: ['~/v\\d+/users$'],
        methods: [],
        tags: [],
        probeUrl: 'http://proxy.local:8000/',
      },
      { externalId: 'r3', name: 'root', paths: [], methods: ['GET'], tags: [], probeUrl: 'http://proxy.local:8000/' },
    ]);
    expect(kong.requests.some((r) => r.url.searchParams.get('offset') === '2')).toBe(true);
  });
  it('refused token: 502; unreachable: 503', async () => {
    await expect(new KongAdapter(kong.url, 'wrong', 'http://p').listRoutes()).rejects.toMatchObject({
      statusCode: 502,
    });
    await expect(new KongAdapter('http://127.0.0.1:1', undefined, 'http://p').listRoutes()).rejects.toMatchObject({
      statusCode: 503,
    });
  });
});
