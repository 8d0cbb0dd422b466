import type { Infrastructure } from '../../context.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { defineGatewayJobs } from './gateway.jobs.js';
import type { GatewayAdapter, RouteProbePort } from './gateway.ports.js';
import { gatewayRoutes } from './gateway.routes.js';
import { createGatewayService, type GatewayService } from './gateway.service.js';

export type { UpstreamRoute } from './gateway.ports.js';
export type { GatewayAdapter, RouteProbePort } from './gateway.ports.js';
export { createGatewayService } from './gateway.service.js';

export interface GatewayDeps extends Pick<Infrastructure, 'db' | 'jobs' | 'log' | 'config'> {
  /** Kong and Amazon API Gateway, those enabled. */
  gateways: GatewayAdapter[];
  /** Probes routes over HTTP for the health check (decision 513). */
  routeProbe: RouteProbePort;
}

/** API gateway routes and health (decision 600: gateway alpha and beta): Kong (alpha) and Amazon API Gateway (beta). */
export function createGatewayModule(deps: GatewayDeps): HangarModule<GatewayService> {
  const service = createGatewayService({
    db: deps.db,
    adapters: deps.gateways,
    degradedMs: deps.config.gateway.healthDegradedMs,
    probe: deps.routeProbe,
  });
  defineGatewayJobs(deps, service);
  return {
    service,
    async routes(app: App) {
      await app.register(gatewayRoutes, { service });
    },
  };
}
