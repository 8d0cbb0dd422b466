import { KubernetesAccess } from '../../src/integrations/kubernetes/client.js';
import { LinkerdAdapter } from '../../src/integrations/kubernetes/linkerd.adapter.js';
import { installLinkerd, linkerdResources } from '../fakes/kube-fixtures.js';
import { startKube } from '../helpers/kube.js';
import { meshTwoContract } from './mesh-two.contract.js';

const access = (configPath: string, configFolder: string) =>
  new KubernetesAccess({
    configPath,
    configFolder,
    inCluster: false,
    metricsUrl: undefined,
    syncIntervalS: 60,
    watchRollouts: false,
    timeoutMs: 2000,
    outbound: { allowedHosts: [], allowPrivate: true },
  });

meshTwoContract('Linkerd adapter against an API server-shaped server', async () => {
  const withLinkerd = await startKube();
  const without = await startKube();
  installLinkerd(withLinkerd.kube);
  linkerdResources(withLinkerd.kube);
  return {
    installed: new LinkerdAdapter(access(withLinkerd.configPath, withLinkerd.dir)),
    absent: new LinkerdAdapter(access(without.configPath, without.dir)),
    ref: { kind: 'default' },
    close: async () => void (await Promise.all([withLinkerd.cleanup(), without.cleanup()])),
  };
});
