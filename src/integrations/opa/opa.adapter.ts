import type { PolicyEnginePort } from '../../modules/policyengine/policyengine.ports.js';
import { OpaClient } from './client.js';

/** The policy-engine port over OPA. */
export class OpaAdapter implements PolicyEnginePort {
  private readonly client: OpaClient;
  constructor(
    readonly url: string,
    opts: { fetch?: typeof fetch } = {},
  ) {
    this.client = new OpaClient(url, opts);
  }

  reachable() {
    return this.client.health();
  }

  async evaluate(path: string, input: Record<string, unknown>) {
    const body = await this.client.data(path, input);
    return { defined: body !== null && typeof body === 'object' && 'result' in body, result: body.result };
  }
}
