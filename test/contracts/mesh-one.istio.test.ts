import { KubernetesAccess } from '../../src/integrations/kubernetes/client.js';
import { IstioAdapter } from '../../src/integrations/kubernetes/istio.adapter.js';
import { installIstio } from '../fakes/kube-fixtures.js';
import { startKube } from '../helpers/kube.js';
import { meshOneContract } from './mesh-one.contract.js';

meshOneContract('Istio adapter against an API server-shaped server', async () => {
  const k = await startKube();
  installIstio(k.kube);
  const access = new KubernetesAccess({
    configPath: k.configPath,
    configFolder: k.dir,
    inCluster: false,
    metricsUrl: undefined,
    syncIntervalS: 60,
    watchRollouts: false,
    timeoutMs: 2000,
    outbound: { allowedHosts: [], allowPrivate: true },
  });
  return {
    port: new IstioAdapter(access),
    ref: { kind: 'default' },
    addVirtualService(namespace, name, weights) {
      const route = weights.map((weight, i) => ({ destination: { host: `${name}-${i}` }, weight }));
      k.kube.apply({ apiVersion: 'networking.istio.io/v1', kind: 'VirtualService', metadata: { name, namespace }, spec: { hosts: [name], http: [{ route }] } });
    },
    close: () => k.cleanup(),
  };
});
