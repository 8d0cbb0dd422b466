import { IstioAdapter } from '../../src/integrations/kubernetes/istio.adapter.js';
import { installIstio } from '../fakes/kube-mesh-fixtures.js';
import { kubernetesAccess, startKube } from '../helpers/kube.js';
import { meshOneContract } from './mesh-one.contract.js';

meshOneContract('Istio adapter against an API server-shaped server', async () => {
  const k = await startKube();
  installIstio(k.kube);
  const access = kubernetesAccess(k.configPath, k.dir);
  return {
    port: new IstioAdapter(access),
    ref: { kind: 'default' },
    addVirtualService(namespace, name, weights) {
      const route = weights.map((weight, i) => ({ destination: { host: `${name}-${i}` }, weight }));
      k.kube.apply({
        apiVersion: 'networking.istio.io/v1',
        kind: 'VirtualService',
        metadata: { name, namespace },
        spec: { hosts: [name], http: [{ route }] },
      });
    },
    close: () => k.cleanup(),
  };
});
