import type { App, HangarModule } from '../../kernel/types.js';
import { deploymentsRoutes } from './deployments.routes.js';
import {
  createDeploymentsService,
  type DeploymentsService,
  type DeploymentsServiceDeps,
} from './deployments.service.js';

export { DEPLOYMENT_STATUSES } from './deployments.schemas.js';
export { deploymentsLookup } from './deployments.lookup.js';
export { deploymentReceivers } from './deployments.receive.js';

export { createDeploymentsService, type DeploymentsService } from './deployments.service.js';

export function createDeploymentsModule(deps: DeploymentsServiceDeps): HangarModule<DeploymentsService> {
  const service = createDeploymentsService(deps);
  return {
    service,
    async routes(app: App) {
      await app.register(deploymentsRoutes, { service });
    },
  };
}

export { deploymentsFactsLookup } from './deployments.scorecard-facts.js';
