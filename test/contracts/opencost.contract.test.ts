import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenCostAdapter } from '../../src/integrations/opencost/opencost.adapter.js';
import { startFakeOpenCost } from '../fakes/opencost-server.js';
import { costSourceContract } from './cost-source.contract.js';

costSourceContract('OpenCost adapter against an OpenCost-shaped server', async () => {
  const servers: Awaited<ReturnType<typeof startFakeOpenCost>>[] = [];
  return {
    async serving(data) {
      // OpenCost calls memory `ramCost`.
      const shaped = Object.fromEntries(
        Object.entries(data).map(([w, aggs]) => [
          w,
          Object.fromEntries(
            Object.entries(aggs!).map(([agg, keys]) => [
              agg,
              Object.fromEntries(
                Object.entries(keys).map(([k, { memoryCost, ...a }]) => [k, { ...a, ramCost: memoryCost }]),
              ),
            ]),
          ),
        ]),
      );
      const server = await startFakeOpenCost(shaped);
      servers.push(server);
      return new OpenCostAdapter(server.url);
    },
    unreachable: () => new OpenCostAdapter('http://127.0.0.1:1'),
    close: async () => void (await Promise.all(servers.map((x) => x.close()))),
  };
});

let oc: Awaited<ReturnType<typeof startFakeOpenCost>>;
beforeAll(async () => {
  oc = await startFakeOpenCost({
    '7d': { 'label:app': { web: { cpuCost: 1, ramCost: 2, pvCost: 3, networkCost: 4, totalCost: 10 } } },
  });
});
afterAll(() => oc.close());

describe('OpenCost adapter', () => {
  it('queries /allocation/compute with window, aggregate and accumulate; ramCost is memoryCost; idle skipped', async () => {
    const allocs = await new OpenCostAdapter(oc.url).allocations('7d', 'label:app');
    expect([...allocs.keys()]).toEqual(['web']);
    expect(allocs.get('web')).toEqual({ cpuCost: 1, memoryCost: 2, pvCost: 3, networkCost: 4, totalCost: 10 });
    const q = oc.requests.at(-1)!.url.searchParams;
    expect(Object.fromEntries(q)).toEqual({ window: '7d', aggregate: 'label:app', accumulate: 'true' });
  });
  it('health and unreachable', async () => {
    expect(await new OpenCostAdapter(oc.url).healthy()).toBe(true);
    expect(await new OpenCostAdapter('http://127.0.0.1:1').healthy()).toBe(false);
    await expect(new OpenCostAdapter('http://127.0.0.1:1').allocations('7d', 'namespace')).rejects.toMatchObject({
      statusCode: 503,
    });
  });
});
