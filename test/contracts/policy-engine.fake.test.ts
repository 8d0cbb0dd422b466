import { FakePolicyEngine } from '../fakes/ports/policy-engine.fake.js';
import { policyEngineContract } from './policy-engine.contract.js';

policyEngineContract('in-memory fake', async () => ({
  async serving(policies) {
    const port = new FakePolicyEngine();
    for (const [path, policy] of Object.entries(policies)) port.policies.set(path, policy);
    return port;
  },
  unreachable() {
    const port = new FakePolicyEngine();
    port.up = false;
    return port;
  },
}));
