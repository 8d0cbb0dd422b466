import { FakeIstio } from '../fakes/ports/mesh-one.fake.js';
import { meshOneContract } from './mesh-one.contract.js';

meshOneContract('in-memory fake', async () => {
  const port = new FakeIstio();
  return {
    port,
    ref: { kind: 'default' },
    addVirtualService(namespace, name, weights) {
      const route = weights.map((weight, i) => ({ destination: { host: `${name}-${i}` }, weight }));
      port.virtualServices.push({ name, namespace, hosts: [name], http: [{ route }] });
    },
  };
});
