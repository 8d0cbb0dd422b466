import type { Infrastructure } from '../../context.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { defineGatewayJobs } from './gateway.jobs.js';
import type { GatewayAdapter } from './gateway.ports.js';
import { gatewayRoutes } from './gateway.routes.js';
import { createGatewayService, type GatewayService } from './gateway.service.js';

export type { GatewayAdapter, UpstreamRoute } from './gateway.ports.js';
export { createGatewayService, type GatewayService } from './gateway.service.js';

export interface GatewayDeps extends Pick<Infrastructure, 'db' | 'jobs' | 'log' | 'config'> {
  /** Kong and Amazon API Gateway, those enabled. */
  gateways: GatewayAdapter[];
}

/** API gateway routes and health (document 3, "API gateway"): Kong (alpha) and Amazon API Gateway (beta). */
export function createGatewayModule(deps: GatewayDeps): HangarModule<GatewayService> {
  const service = createGatewayService({ db: deps.db, adapters: deps.gateways, degradedMs: deps.config.gateway.healthDegradedMs });
  defineGatewayJobs(deps, service);
  return {
    service,
    async routes(app: App) {
      await app.register(gatewayRoutes, { service });
    },
  };
}
