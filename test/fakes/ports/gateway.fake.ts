import { Unavailable } from '../../../src/kernel/errors.js';
import type { GatewayAdapter, GatewayType, UpstreamRoute } from '../../../src/modules/gateway/gateway.ports.js';

/** An in-memory gateway (either type): the routes it reports are set by the test; held to test/contracts/gateway.contract.ts. */
export class FakeGateway implements GatewayAdapter {
  up = true;
  routes: UpstreamRoute[] = [];
  constructor(readonly type: GatewayType = 'alpha') {}
  async listRoutes(signal?: AbortSignal) {
    signal?.throwIfAborted();
    if (!this.up) throw new Unavailable('Gateway is unreachable');
    return this.routes.map((r) => structuredClone(r));
  }
}
