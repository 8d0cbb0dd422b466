import { KubernetesAccess } from '../../src/integrations/kubernetes/client.js';
import { GatekeeperAdapter } from '../../src/integrations/kubernetes/gatekeeper.adapter.js';
import { installGatekeeper } from '../fakes/kube-fixtures.js';
import { startKube } from '../helpers/kube.js';
import { admissionContract } from './admission.contract.js';

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

admissionContract('Gatekeeper adapter against an API server-shaped server', async () => {
  const withGk = await startKube();
  const without = await startKube();
  installGatekeeper(withGk.kube);
  return {
    installed: new GatekeeperAdapter(access(withGk.configPath, withGk.dir)),
    absent: new GatekeeperAdapter(access(without.configPath, without.dir)),
    close: async () => void (await Promise.all([withGk.cleanup(), without.cleanup()])),
  };
});
