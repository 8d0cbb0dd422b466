import { errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { DeploymentDetailSchema, DeploymentListQuery, DeploymentPage } from './deployments.schemas.js';
import type { DeploymentsService } from './deployments.service.js';

const tags = ['deployments'];

export async function deploymentsRoutes(app: App, { service }: { service: DeploymentsService }) {
  app.get(
    '/api/v1/deployments',
    {
      schema: {
        tags,
        summary: 'List deployments, newest first (filters componentId, environmentId, status; paginated)',
        querystring: DeploymentListQuery,
        response: { 200: DeploymentPage, ...errorResponses(400, 401) },
      },
    },
    async (req) => service.list(req.caller, req.query),
  );

  app.get(
    '/api/v1/deployments/:id',
    {
      schema: {
        tags,
        summary: "Read a deployment, with its run's pipeline and commit and who deployed it",
        params: IdParams,
        response: { 200: DeploymentDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.get(req.caller, req.params.id),
  );
}
