import { Type } from 'typebox';
import { errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  ChangesDrillQuery,
  DeploymentsDrillQuery,
  DrillChangePage,
  DrillDeploymentPage,
  DrillIncidentPage,
  IncidentsDrillQuery,
  MetricsSchema,
  SliceQuery,
  SuggestedCause,
} from './dora.schemas.js';
import type { DoraService } from './dora.service.js';

const tags = ['dora'];
const base = '/api/v1/dora';
// Every figure is behind the current organization's wall (X-Organization-Id; decision 567).
const config = { auth: 'user' as const, organization: true };

export async function doraRoutes(app: App, { service }: { service: DoraService }) {
  app.get(
    `${base}/metrics`,
    {
      config,
      schema: {
        operationId: 'getDoraMetrics',
        tags,
        summary:
          'The four DORA keys of the organization, a component, a team or an environment over a window, with bands and a daily series',
        querystring: SliceQuery,
        response: { 200: MetricsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.metrics(req.caller, req.query),
  );
  app.get(
    `${base}/drilldown/deployments`,
    {
      config,
      schema: {
        operationId: 'getDoraDrilldownDeployments',
        tags,
        summary: 'The deployments behind a figure (failed=true: those counted as failed), newest first',
        querystring: DeploymentsDrillQuery,
        response: { 200: DrillDeploymentPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.drillDeployments(req.caller, req.query),
  );
  app.get(
    `${base}/drilldown/changes`,
    {
      config,
      schema: {
        operationId: 'getDoraDrilldownChanges',
        tags,
        summary: 'The commits behind the lead time (skewed=true: those excluded for clock skew), newest first',
        querystring: ChangesDrillQuery,
        response: { 200: DrillChangePage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.drillChanges(req.caller, req.query),
  );
  app.get(
    `${base}/drilldown/incidents`,
    {
      config,
      schema: {
        operationId: 'getDoraDrilldownIncidents',
        tags,
        summary: 'The incidents caused by the deployments of a figure, newest first',
        querystring: IncidentsDrillQuery,
        response: { 200: DrillIncidentPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.drillIncidents(req.caller, req.query),
  );
  app.get(
    `${base}/incidents/:id/suggested-causes`,
    {
      config,
      schema: {
        operationId: 'getDoraSuggestedCauses',
        tags,
        summary:
          "Deployments of an incident's components that went out within DORA_SUGGEST_WINDOW_MINUTES before it opened",
        params: IdParams,
        response: { 200: Type.Array(SuggestedCause), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.suggestCauses(req.caller, req.params.id),
  );
}
