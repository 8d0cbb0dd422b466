import { FakeCostSource } from '../fakes/ports/cost-source.fake.js';
import { costSourceContract } from './cost-source.contract.js';

costSourceContract('in-memory fake', async () => ({
  async serving(data) {
    const port = new FakeCostSource();
    for (const [window, aggregates] of Object.entries(data))
      for (const [aggregate, keys] of Object.entries(aggregates!))
        for (const [key, a] of Object.entries(keys)) port.set(window as '7d', aggregate, key, a);
    return port;
  },
  unreachable() {
    const port = new FakeCostSource();
    port.up = false;
    return port;
  },
}));
