import { OrchestratorAdapter } from '../../src/integrations/kubernetes/orchestrator.adapter.js';
import { deployment, installArgoRollouts, rollout } from '../fakes/kube-fixtures.js';
import { kubernetesAccess, startKube } from '../helpers/kube.js';
import { orchestratorContract } from './orchestrator.contract.js';

orchestratorContract('Kubernetes adapter against an API server-shaped server', async () => {
  const k = await startKube();
  return {
    port: new OrchestratorAdapter(kubernetesAccess(k.configPath, k.dir)),
    unconfigured: () => new OrchestratorAdapter(kubernetesAccess(undefined, k.dir)),
    addDeployment: (namespace, name, image) => k.kube.apply(deployment(namespace, name, { image })),
    addRollout(namespace, name, phase) {
      installArgoRollouts(k.kube);
      k.kube.apply(rollout(namespace, name, phase));
    },
    close: () => k.cleanup(),
  };
});
