import { Unavailable } from '../../kernel/errors.js';
import type { GatewayAdapter, GatewayType, UpstreamRoute } from '../../modules/gateway/gateway.ports.js';

/** An in-memory gateway (either type): the routes it reports are set by the test. */
export class FakeGateway implements GatewayAdapter {
  up = true;
  routes: UpstreamRoute[] = [];
  constructor(readonly type: GatewayType = 'alpha') {}
  async listRoutes() {
    if (!this.up) throw new Unavailable('Gateway is unreachable');
    return [...this.routes];
  }
}
