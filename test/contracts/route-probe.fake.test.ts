import { FakeRouteProbe } from '../fakes/ports/route-probe.fake.js';
import { routeProbeContract } from './route-probe.contract.js';

routeProbeContract('in-memory fake', async () => {
  const port = new FakeRouteProbe();
  let n = 0;
  return {
    port,
    async route(statusCode, delayMs = 0) {
      const url = `http://proxy.gw.test/r${++n}`;
      port.answers.set(url, { statusCode, latencyMs: delayMs });
      return url;
    },
    silent: async () => 'http://proxy.gw.test/silent',
    unreachable: 'http://127.0.0.1:1/',
  };
});
