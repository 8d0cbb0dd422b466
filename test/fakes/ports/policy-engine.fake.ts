import { Unavailable } from '../../../src/kernel/errors.js';
import type { PolicyEnginePort } from '../../../src/modules/policyengine/policyengine.ports.js';

/** In-memory policy engine: decisions by path, computed from the input; held to test/contracts/policy-engine.contract.ts. */
export class FakePolicyEngine implements PolicyEnginePort {
  readonly url = 'http://opa.fake';
  up = true;
  readonly policies = new Map<string, (input: Record<string, unknown>) => unknown>();

  async reachable(signal?: AbortSignal) {
    return this.up && !signal?.aborted;
  }

  async evaluate(path: string, input: Record<string, unknown>, signal?: AbortSignal) {
    signal?.throwIfAborted();
    if (!this.up) throw new Unavailable('OPA policy server is unreachable');
    const policy = this.policies.get(path);
    if (!policy) return { defined: false, result: undefined };
    const result = policy(input);
    return { defined: result !== undefined, result };
  }
}
