import { startFakeServer, type FakeServer } from './http-server.js';

type Alloc = { cpuCost: number; ramCost: number; pvCost: number; networkCost: number; totalCost: number };

/**
 * Answers like OpenCost (https://opencost.io/docs/integrations/api): `GET /healthz` and
 * `GET /allocation/compute?window&aggregate&accumulate=true` -> `{code: 200, status: "success", data: [{<key>: allocation}]}`,
 * with `__idle__` and `__unallocated__` entries as OpenCost adds them; bad windows -> 400 `{code: 400, message}`.
 */
export async function startFakeOpenCost(
  data: Record<string, Record<string, Record<string, Alloc>>>,
): Promise<FakeServer> {
  return startFakeServer((req) => {
    if (req.url.pathname === '/healthz') return { status: 200, text: 'ok' };
    if (req.url.pathname !== '/allocation/compute') return { status: 404, text: '404 page not found' };
    const window = req.url.searchParams.get('window') ?? '';
    const aggregate = req.url.searchParams.get('aggregate') ?? '';
    if (!/^\d+[dhm]$/.test(window))
      return { status: 400, body: { code: 400, message: `error parsing window (${window})` } };
    const set = data[window]?.[aggregate] ?? {};
    const idle = { name: '__idle__', cpuCost: 9, ramCost: 9, pvCost: 0, networkCost: 0, totalCost: 18 };
    const named = Object.fromEntries(
      Object.entries(set).map(([k, v]) => [k, { name: k, properties: {}, window: { start: '', end: '' }, ...v }]),
    );
    return {
      status: 200,
      body: {
        code: 200,
        status: 'success',
        data: [{ ...named, __idle__: idle, __unallocated__: { ...idle, name: '__unallocated__' } }],
      },
    };
  });
}
