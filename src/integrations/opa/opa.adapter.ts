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

  reachable(signal?: AbortSignal) {
    return this.client.health(signal);
  }

  async evaluate(path: string, input: Record<string, unknown>, signal?: AbortSignal) {
    const body = await this.client.data(path, input, signal);
    return { defined: body !== null && typeof body === 'object' && 'result' in body, result: body.result };
  }
}
