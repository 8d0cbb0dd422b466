import { FakeOrchestrator } from '../fakes/ports/orchestrator.fake.js';
import { orchestratorContract } from './orchestrator.contract.js';

orchestratorContract('in-memory fake', async () => {
  const port = new FakeOrchestrator();
  return {
    port,
    unconfigured() {
      const none = new FakeOrchestrator();
      none.configured = false;
      return none;
    },
    addDeployment: (namespace, name, image) =>
      void port.workloads.push({ name, namespace, image, replicas: 1, readyReplicas: 1, labels: { app: name } }),
    addRollout(namespace, name, phase) {
      if (!port.crds.some((c) => c.name === 'rollouts.argoproj.io'))
        port.crds.push({
          name: 'rollouts.argoproj.io',
          group: 'argoproj.io',
          kind: 'Rollout',
          scope: 'Namespaced',
          versions: ['v1alpha1'],
        });
      port.setRollout({
        uid: `${namespace}/${name}`,
        name,
        namespace,
        phase,
        replicas: 5,
        readyReplicas: 5,
        currentStepIndex: 0,
        totalSteps: 4,
      });
    },
  };
});
