import type { Database } from '../../db/client.js';
import type { EventPublisher } from '../../infra/events.js';
import type { App, HangarModule } from '../../kernel/types.js';
import { deploymentsRoutes } from './deployments.routes.js';
import { createDeploymentsService, type DeploymentsService, type DeploymentUsers } from './deployments.service.js';

export { DEPLOYMENT_STATUSES } from './deployments.schemas.js';
export { deploymentsLookup } from './deployments.lookup.js';

export { createDeploymentsService, type DeploymentsService } from './deployments.service.js';

export function createDeploymentsModule(deps: { db: Database; events?: EventPublisher; users?: DeploymentUsers }): HangarModule<DeploymentsService> {
  const service = createDeploymentsService(deps);
  return {
    service,
    async routes(app: App) {
      await app.register(deploymentsRoutes, { service });
    },
  };
}

export { deploymentsFactsLookup } from './deployments.scorecard-facts.js';
