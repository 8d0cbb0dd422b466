import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { hasWrk, insertBenchComponents, load, loadWithWrk, type BenchRow, type Scenario } from '../lib.js';

const COMPONENTS = 10_000;
const CONNECTIONS = 50;

/**
 * The authenticated hot path against its ceiling: `GET /api/v1/catalog/components?take=20` with
 * 10,000 components, side by side with a bare Fastify route (no hooks, no auth, no schema) answering
 * the same 20 objects, both at 50 connections. The ratio is what the service's own work costs.
 * Measured with autocannon in the server's process and, when `wrk` is installed (Debian: wrk), again
 * with wrk in a separate process.
 */
const hotPathScenario: Scenario = async (ctx) => {
  await insertBenchComponents(ctx, 'hot', COMPONENTS, 'hot path component');
  const headers = { authorization: `Bearer ${ctx.adminToken}` };
  const path = '/api/v1/catalog/components?take=20';
  const page = await (await fetch(ctx.baseUrl + path, { headers })).json();

  const bare = Fastify({ logger: false });
  bare.get('/components', async () => page);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
  try {
    const rows: BenchRow[] = [];
    // autocannon shares the server's thread (its own work counts on both sides); wrk, when installed,
    // runs in its own process and leaves the server a core of its own: the stricter of the two.
    const generators = [
      { name: 'autocannon in-process', run: load },
      ...(hasWrk() ? [{ name: 'wrk, separate process', run: loadWithWrk }] : []),
    ];
    for (const generator of generators) {
      // Warm both, then measure the ceiling and the service one after the other.
      await generator.run(ctx.baseUrl, { path, headers, durationS: 2, connections: CONNECTIONS });
      await generator.run(bareUrl, { path: '/components', durationS: 2, connections: CONNECTIONS });
      const ceiling = await generator.run(bareUrl, { path: '/components', durationS: 5, connections: CONNECTIONS });
      const service = await generator.run(ctx.baseUrl, { path, headers, durationS: 5, connections: CONNECTIONS });
      const ratio = Math.round((service.rps / ceiling.rps) * 100);
      rows.push(
        {
          scenario: `bare Fastify ceiling: same 20 objects, ${CONNECTIONS} connections (${generator.name})`,
          database: ctx.kind,
          ...pick(ceiling),
        },
        {
          scenario: `catalog list take=20 authenticated (10k components), ${CONNECTIONS} connections (${generator.name})`,
          database: ctx.kind,
          ...pick(service),
          note: `${ratio}% of the bare-Fastify ceiling${service.non2xx ? `; ${service.non2xx} non-2xx` : ''}`,
        },
      );
    }
    return rows;
  } finally {
    await bare.close();
  }
};

const pick = (r: { rps: number; p50Ms: number; p99Ms: number }) => ({ rps: r.rps, p50Ms: r.p50Ms, p99Ms: r.p99Ms });

export default hotPathScenario;
