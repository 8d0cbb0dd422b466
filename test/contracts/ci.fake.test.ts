import { FakeCircleCi } from '../fakes/ports/cloud-ci.fake.js';
import { FakeArgoCd } from '../fakes/ports/gitops.fake.js';
import { FakeTravis } from '../fakes/ports/hosted-ci.fake.js';
import { FakeJenkins } from '../fakes/ports/server-ci.fake.js';
import { cloudCiContract } from './cloud-ci.contract.js';
import { gitOpsContract } from './gitops.contract.js';
import { hostedCiContract } from './hosted-ci.contract.js';
import { serverCiContract } from './server-ci.contract.js';

/** The four CI fakes against their ports' contracts (each fake's `failWith(503)` is an unreachable platform). */
const down = <T extends { failWith(status: number): void }>(fake: T) => (fake.failWith(503), fake);

gitOpsContract('in-memory fake', async () => {
  const port = new FakeArgoCd();
  return {
    port,
    addApplication: (name, project) => void port.add(name, { project }),
    unreachable: () => down(new FakeArgoCd()),
  };
});
cloudCiContract('in-memory fake', async () => {
  const port = new FakeCircleCi();
  return { port, addPipeline: (slug, url) => void port.add(slug, url), unreachable: () => down(new FakeCircleCi()) };
});
serverCiContract('in-memory fake', async () => {
  const port = new FakeJenkins();
  return { port, addJob: (name, results) => void port.add(name, results), unreachable: () => down(new FakeJenkins()) };
});
hostedCiContract('in-memory fake', async () => {
  const port = new FakeTravis();
  return { port, addBuild: (slug, state) => port.add(slug, state).id, unreachable: () => down(new FakeTravis()) };
});
