import { FakeRegistry } from '../fakes/ports/registry.fake.js';
import { registryContract } from './registry.contract.js';

registryContract('in-memory fake', async () => {
  const port = new FakeRegistry();
  const image = { digest: 'sha256:' + 'a'.repeat(64), sizeBytes: 1234, pushedAt: '2024-05-01T10:00:00.000Z' };
  port.push('team/app', '1.0', image);
  port.push('team/app', 'latest', image);
  return {
    port,
    repository: 'team/app',
    tag: '1.0',
    unreachable() {
      const down = new FakeRegistry();
      down.up = false;
      return down;
    },
  };
});
