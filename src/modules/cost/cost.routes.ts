import { Type } from 'typebox';
import { errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  ActualCostsSchema,
  AvailableSchema,
  HistoryRecordSchema,
  PlatformItemSchema,
  SummaryQuery,
  SyncResultSchema,
  TeamSummarySchema,
} from './cost.schemas.js';
import type { CostService } from './cost.service.js';

const tags = ['cost'];
const base = '/api/v1/cost';

export async function costRoutes(app: App, { service }: { service: CostService }) {
  app.get(
    `${base}/components/:id/actual`,
    {
      schema: {
        operationId: 'getComponentActualCost',
        tags,
        summary: "A component's costs of the last 7 and 30 days, read live from OpenCost",
        params: IdParams,
        response: { 200: ActualCostsSchema, ...errorResponses(400, 401, 404, 502, 503) },
      },
    },
    async (req) => service.actual(req.caller, req.params.id),
  );
  app.get(
    `${base}/components/:id/history`,
    {
      schema: {
        operationId: 'getComponentCostHistory',
        tags,
        summary: "A component's last 30 synced records, newest first",
        params: IdParams,
        response: { 200: Type.Array(HistoryRecordSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.history(req.caller, req.params.id),
  );
  app.get(
    `${base}/teams/:id/summary`,
    {
      schema: {
        operationId: 'getTeamCostSummary',
        tags,
        summary: "Latest synced costs of a team's components",
        params: IdParams,
        response: { 200: TeamSummarySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.teamSummary(req.caller, req.params.id),
  );
  app.get(
    `${base}/summary`,
    {
      schema: {
        operationId: 'getPlatformCostSummary',
        tags,
        summary: 'The most expensive components by their latest synced record',
        querystring: SummaryQuery,
        response: { 200: Type.Array(PlatformItemSchema), ...errorResponses(400, 401) },
      },
    },
    async (req) => service.platformSummary(req.caller, req.query.limit),
  );
  app.get(
    `${base}/available`,
    {
      schema: {
        operationId: 'getCostAvailability',
        tags,
        summary: 'Whether OpenCost answers its health probe',
        response: { 200: AvailableSchema, ...errorResponses(401) },
      },
    },
    async (req) => service.available(req.caller),
  );
  app.post(
    `${base}/sync`,
    {
      config: { auth: 'admin' },
      schema: {
        operationId: 'syncCosts',
        tags,
        summary: 'Run the cost sync now (admin): one 7-day record per component',
        response: { 200: SyncResultSchema, ...errorResponses(401, 403, 502, 503) },
      },
    },
    async (req) => ({ synced: await service.sync(req.caller) }),
  );
}
