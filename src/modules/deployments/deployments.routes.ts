import { errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  DeploymentDetailSchema,
  DeploymentEventBody,
  DeploymentEventResult,
  DeploymentListQuery,
  DeploymentPage,
} from './deployments.schemas.js';
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

  app.post(
    '/api/v1/deployments/events',
    {
      // The organization is X-Organization-Id's (a member's); without it, records without one (decision 861).
      config: { auth: 'user', organization: true },
      schema: {
        operationId: 'recordDeploymentEvent',
        tags,
        summary: 'Record a deployment made outside Hangar, or move it forward (idempotent on source and externalId)',
        description:
          'The first event of a (source, externalId) creates the deployment (201); later ones move it (200): started → succeeded | failed, succeeded → rolled_back. A repeated status changes nothing (200, outcome unchanged); any other move is 409 naming both states. 404 names an unknown component or environment.',
        body: DeploymentEventBody,
        response: {
          200: DeploymentEventResult,
          201: DeploymentEventResult,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (req, reply) => {
      const result = await service.recordEvent(req.caller, req.body);
      reply.code(result.outcome === 'created' ? 201 : 200);
      return result;
    },
  );
}
