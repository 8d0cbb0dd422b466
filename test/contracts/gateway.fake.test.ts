import { FakeGateway } from '../fakes/ports/gateway.fake.js';
import { gatewayContract } from './gateway.contract.js';

gatewayContract('in-memory fake', async () => ({
  async serving(seeds) {
    const port = new FakeGateway();
    port.routes = seeds.map((s, i) => ({
      externalId: `r${i}`,
      name: `route ${s.path}`,
      paths: [s.path],
      methods: s.methods,
      tags: [],
      probeUrl: null,
    }));
    return port;
  },
  unreachable() {
    const port = new FakeGateway();
    port.up = false;
    return port;
  },
}));
