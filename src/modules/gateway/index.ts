import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { KongAdapter } from '../../integrations/kong/kong.adapter.js';
import { defineGatewayJobs } from './gateway.jobs.js';
import type { GatewayAdapter } from './gateway.ports.js';
import { gatewayRoutes } from './gateway.routes.js';
import { createGatewayService } from './gateway.service.js';

export type { UpstreamRoute } from './gateway.ports.js';
export { createGatewayService } from './gateway.service.js';

/** API gateway routes and health (decision 600: gateway alpha and beta): Kong (alpha) and Amazon API Gateway (beta). */
export async function gatewayModule(app: App, ctx: AppContext) {
  const cfg = ctx.config.gateway;
  const adapters: GatewayAdapter[] = [];
  if (cfg.alpha.enabled) adapters.push(new KongAdapter(cfg.alpha.url, cfg.alpha.apiKey, cfg.alpha.proxyUrl));
  if (cfg.beta.enabled) {
    // The AWS SDK is loaded only when Amazon API Gateway is enabled.
    const { ApiGatewayAdapter } = await import('../../integrations/apigateway/apigateway.adapter.js');
    adapters.push(new ApiGatewayAdapter(cfg.beta));
  }
  const service = createGatewayService({ db: ctx.db, adapters, degradedMs: cfg.healthDegradedMs });
  defineGatewayJobs(ctx, service);
  await app.register(gatewayRoutes, { service });
}
