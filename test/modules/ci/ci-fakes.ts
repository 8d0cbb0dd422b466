import { FakeArgoCd } from '../../fakes/ports/gitops.fake.js';
import { FakeCircleCi } from '../../fakes/ports/cloud-ci.fake.js';
import { FakeJenkins } from '../../fakes/ports/server-ci.fake.js';
import { FakeTravis } from '../../fakes/ports/hosted-ci.fake.js';
import type { CiAdapterFactories } from '../../../src/modules/ci/index.js';

/** One in-memory platform of each kind; `credentials` records what each adapter was built with. */
export function fakePlatforms() {
  const argo = new FakeArgoCd();
  const circle = new FakeCircleCi();
  const jenkins = new FakeJenkins();
  const travis = new FakeTravis();
  const credentials: { type: string; value: unknown }[] = [];
  const factories: CiAdapterFactories = {
    gitopscd: (value) => (credentials.push({ type: 'gitopscd', value }), argo),
    cloudci: (value) => (credentials.push({ type: 'cloudci', value }), circle),
    serverci: (value) => (credentials.push({ type: 'serverci', value }), jenkins),
    hostedci: (value) => (credentials.push({ type: 'hostedci', value }), travis),
  };
  return { argo, circle, jenkins, travis, credentials, factories };
}
