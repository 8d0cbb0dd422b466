import { LinkerdAdapter } from '../../src/integrations/kubernetes/linkerd.adapter.js';
import { installLinkerd, linkerdResources } from '../fakes/kube-mesh-fixtures.js';
import { kubernetesAccess, startKube } from '../helpers/kube.js';
import { meshTwoContract } from './mesh-two.contract.js';

meshTwoContract('Linkerd adapter against an API server-shaped server', async () => {
  const withLinkerd = await startKube();
  const without = await startKube();
  installLinkerd(withLinkerd.kube);
  linkerdResources(withLinkerd.kube);
  return {
    installed: new LinkerdAdapter(kubernetesAccess(withLinkerd.configPath, withLinkerd.dir)),
    absent: new LinkerdAdapter(kubernetesAccess(without.configPath, without.dir)),
    ref: { kind: 'default' },
    close: async () => void (await Promise.all([withLinkerd.cleanup(), without.cleanup()])),
  };
});
