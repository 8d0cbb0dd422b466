import type { AppContext } from '../../context.js';
import type { App } from '../../kernel/types.js';
import { deploymentsRoutes } from './deployments.routes.js';
import { createDeploymentsService } from './deployments.service.js';

export { recordDeployment, updateDeploymentStatus, type RecordDeploymentInput } from './deployments.record.js';
export { DEPLOYMENT_STATUSES, DeploymentSchema, type DeploymentStatus } from './deployments.schemas.js';

export async function deploymentsModule(app: App, ctx: AppContext) {
  await app.register(deploymentsRoutes, { service: createDeploymentsService({ db: ctx.db }) });
}
