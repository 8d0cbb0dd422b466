import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiGatewayAdapter } from '../../src/integrations/apigateway/apigateway.adapter.js';
import { startFakeApiGateway } from '../fakes/apigateway-server.js';
import { gatewayContract } from './gateway.contract.js';

const aws = (endpoint: string) =>
  new ApiGatewayAdapter({ region: 'eu-west-1', accessKeyId: 'AKIA', secretAccessKey: 's', endpoint });
gatewayContract('Amazon API Gateway adapter against a local REST endpoint', async () => {
  const servers: Awaited<ReturnType<typeof startFakeApiGateway>>[] = [];
  return {
    async serving(seeds) {
      const resources = seeds.map((r, i) => ({ id: `res${i}`, path: r.path, methods: r.methods }));
      const server = await startFakeApiGateway([{ id: 'api1', name: 'shop', stages: ['prod'], resources }]);
      servers.push(server);
      return aws(server.url);
    },
    unreachable: () => aws('http://127.0.0.1:1'),
    close: async () => void (await Promise.all(servers.map((x) => x.close()))),
  };
});

let gw: Awaited<ReturnType<typeof startFakeApiGateway>>;
beforeAll(async () => {
  gw = await startFakeApiGateway([
    {
      id: 'abc123',
      name: 'shop',
      tags: { team: 'payments' },
      stages: ['prod'],
      resources: [
        { id: 'root1', path: '/', methods: [] },
        { id: 'res2', path: '/orders', methods: ['POST', 'GET'] },
      ],
    },
    { id: 'def456', name: 'nostage', stages: [], resources: [{ id: 'r9', path: '/x', methods: ['ANY'] }] },
  ]);
});
afterAll(() => gw.close());

describe('Amazon API Gateway adapter (SDK against a local REST endpoint)', () => {
  it('one route per resource across position pages; externalId api:resource; invoke URL probes', async () => {
    const a = new ApiGatewayAdapter({
      region: 'eu-west-1',
      accessKeyId: 'AKIA',
      secretAccessKey: 's',
      endpoint: gw.url,
    });
    expect(await a.listRoutes()).toEqual([
      {
        externalId: 'abc123:root1',
        name: 'shop /',
        paths: ['/'],
        methods: [],
        tags: ['team:payments'],
        probeUrl: `${gw.url}/restapis/abc123/prod/_user_request_/`,
      },
      {
        externalId: 'abc123:res2',
        name: 'shop /orders',
        paths: ['/orders'],
        methods: ['GET', 'POST'],
        tags: ['team:payments'],
        probeUrl: `${gw.url}/restapis/abc123/prod/_user_request_/orders`,
      },
      { externalId: 'def456:r9', name: 'nostage /x', paths: ['/x'], methods: ['ANY'], tags: [], probeUrl: null },
    ]);
    expect(gw.requests.some((r) => r.url.pathname === '/restapis' && r.url.searchParams.get('position') === '1')).toBe(
      true,
    );
  });
  it('unreachable: 503', async () => {
    const a = new ApiGatewayAdapter({
      region: 'eu-west-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      endpoint: 'http://127.0.0.1:1',
    });
    await expect(a.listRoutes()).rejects.toMatchObject({ statusCode: 503 });
  });
});
