import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpRouteProbeAdapter } from '../../src/integrations/http-probe/http-probe.adapter.js';
import { routeProbeContract } from './route-probe.contract.js';

// A local HTTP listener: `/<status>/<delay ms>` answers that status after the delay; `/silent` never answers.
routeProbeContract('HTTP probe adapter against a local listener', async () => {
  const server = createServer((req, res) => {
    if (req.url === '/silent') return;
    const [, status, delay] = req.url!.split('/');
    setTimeout(
      () => res.writeHead(Number(status), Number(status) === 302 ? { location: '/200/0' } : {}).end('ok'),
      Number(delay),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    port: new HttpRouteProbeAdapter({ timeoutMs: 500 }),
    route: async (status, delayMs = 0) => `${base}/${status}/${delayMs}`,
    silent: async () => `${base}/silent`,
    unreachable: 'http://127.0.0.1:1/',
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
});
