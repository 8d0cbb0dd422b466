import { KubernetesAccess } from '../../src/integrations/kubernetes/client.js';
import { OrchestratorAdapter } from '../../src/integrations/kubernetes/orchestrator.adapter.js';
import { deployment, installArgoRollouts, rollout } from '../fakes/kube-fixtures.js';
import { startKube } from '../helpers/kube.js';
import { orchestratorContract } from './orchestrator.contract.js';

const settings = (configPath: string | undefined, configFolder: string) => ({
  configPath,
  configFolder,
  inCluster: false,
  metricsUrl: undefined,
  syncIntervalS: 60,
  watchRollouts: false,
  timeoutMs: 2000,
  outbound: { allowedHosts: [], allowPrivate: true },
});

orchestratorContract('Kubernetes adapter against an API server-shaped server', async () => {
  const k = await startKube();
  return {
    port: new OrchestratorAdapter(new KubernetesAccess(settings(k.configPath, k.dir))),
    unconfigured: () => new OrchestratorAdapter(new KubernetesAccess(settings(undefined, k.dir))),
    addDeployment: (namespace, name, image) => k.kube.apply(deployment(namespace, name, { image })),
    addRollout(namespace, name, phase) {
      installArgoRollouts(k.kube);
      k.kube.apply(rollout(namespace, name, phase));
    },
    close: () => k.cleanup(),
  };
});
