import { FakeContainerBuild } from '../fakes/ports/container-build.fake.js';
import { containerBuildContract } from './container-build.contract.js';

containerBuildContract('in-memory fake', async () => {
  const port = new FakeContainerBuild();
  return {
    port,
    engine: 'oci_b',
    path: '/usr/bin',
    registry: '127.0.0.1:5000',
    async tags(repository) {
      return port.pushed
        .filter((p) => p.startsWith(`127.0.0.1:5000/${repository}:`))
        .map((p) => p.slice(p.lastIndexOf(':') + 1));
    },
  };
});
