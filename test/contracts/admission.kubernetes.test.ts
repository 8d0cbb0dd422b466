import { GatekeeperAdapter } from '../../src/integrations/kubernetes/gatekeeper.adapter.js';
import { installGatekeeper } from '../fakes/kube-fixtures.js';
import { kubernetesAccess, startKube } from '../helpers/kube.js';
import { admissionContract } from './admission.contract.js';

admissionContract('Gatekeeper adapter against an API server-shaped server', async () => {
  const withGk = await startKube();
  const without = await startKube();
  installGatekeeper(withGk.kube);
  return {
    installed: new GatekeeperAdapter(kubernetesAccess(withGk.configPath, withGk.dir)),
    absent: new GatekeeperAdapter(kubernetesAccess(without.configPath, without.dir)),
    close: async () => void (await Promise.all([withGk.cleanup(), without.cleanup()])),
  };
});
