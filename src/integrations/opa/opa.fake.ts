import { Unavailable } from '../../kernel/errors.js';
import type { PolicyEnginePort } from '../../modules/policyengine/policyengine.ports.js';

/** In-memory policy engine: decisions by path, computed from the input. For tests of the module. */
export class FakePolicyEngine implements PolicyEnginePort {
  readonly url = 'http://opa.fake';
  up = true;
  readonly policies = new Map<string, (input: Record<string, unknown>) => unknown>();

  async reachable() {
    return this.up;
  }

  async evaluate(path: string, input: Record<string, unknown>) {
    if (!this.up) throw new Unavailable('OPA policy server is unreachable');
    const policy = this.policies.get(path);
    if (!policy) return { defined: false, result: undefined };
    const result = policy(input);
    return { defined: result !== undefined, result };
  }
}
