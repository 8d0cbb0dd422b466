import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { deploymentsRoutes } from './deployments.routes.js';
import { createDeploymentsService, type DeploymentsService } from './deployments.service.js';

export { DEPLOYMENT_STATUSES } from './deployments.schemas.js';

export { createDeploymentsService, type DeploymentsService } from './deployments.service.js';

declare module '../../context.js' {
  interface ModuleServices {
    deployments: DeploymentsService;
  }
}

export async function deploymentsModule(app: App, ctx: AppContext) {
  const service = createDeploymentsService({ db: ctx.db });
  ctx.services.deployments = service;
  await app.register(deploymentsRoutes, { service });
}
