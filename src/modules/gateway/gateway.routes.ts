import { errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  CheckSummarySchema,
  GatewayRouteSchema,
  HealthListSchema,
  LinkRouteBody,
  RoutePage,
  RouteQuery,
  SyncResultSchema,
} from './gateway.schemas.js';
import type { GatewayService } from './gateway.service.js';

const tags = ['gateway'];
const base = '/api/v1/gateway';

export async function gatewayRoutes(app: App, { service }: { service: GatewayService }) {
  app.get(
    `${base}/routes`,
    {
      schema: {
        operationId: 'listGatewayRoutes',
        tags,
        summary: 'Synced gateway routes (filters gatewayType, componentId, stale; paginated)',
        querystring: RouteQuery,
        response: { 200: RoutePage, ...errorResponses(400, 401) },
      },
    },
    async (req) => service.list(req.caller, req.query),
  );
  app.get(
    `${base}/routes/:id`,
    {
      schema: {
        operationId: 'getGatewayRoute',
        tags,
        summary: 'One gateway route',
        params: IdParams,
        response: { 200: GatewayRouteSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.get(req.caller, req.params.id),
  );
  app.patch(
    `${base}/routes/:id`,
    {
      schema: {
        operationId: 'linkGatewayRoute',
        tags,
        summary: 'Link a route to a component (null unlinks); answers the route',
        params: IdParams,
        body: LinkRouteBody,
        response: { 200: GatewayRouteSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.link(req.caller, req.params.id, req.body.componentId),
  );
  app.post(
    `${base}/sync`,
    {
      schema: {
        operationId: 'syncGatewayRoutes',
        tags,
        summary: 'Read the routes of every enabled gateway now',
        response: { 200: SyncResultSchema, ...errorResponses(401) },
      },
    },
    async (req) => service.sync(req.caller),
  );
  app.get(
    `${base}/health`,
    {
      schema: {
        operationId: 'listGatewayHealth',
        tags,
        summary: 'The latest health check of each route',
        response: { 200: HealthListSchema, ...errorResponses(401) },
      },
    },
    async (req) => service.health(req.caller),
  );
  app.post(
    `${base}/health/check`,
    {
      schema: {
        operationId: 'checkGatewayHealth',
        tags,
        summary: 'Probe every route now; answers {checked, up, degraded, down}',
        response: { 200: CheckSummarySchema, ...errorResponses(401) },
      },
    },
    async (req) => service.check(req.caller),
  );
}
