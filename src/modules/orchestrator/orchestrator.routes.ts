import { Type } from 'typebox';
import { errorResponses } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  ComponentNameParams,
  CrdResourceSchema,
  GroupParams,
  RolloutStatusSchema,
  RolloutsQuery,
  SyncResultSchema,
  WorkloadSchema,
} from './orchestrator.schemas.js';
import type { OrchestratorService } from './orchestrator.service.js';

const tags = ['orchestrator'];
const base = '/api/v1/orchestrator';
const errors = errorResponses(400, 401, 502, 503);

export async function orchestratorRoutes(app: App, { service }: { service: OrchestratorService }) {
  app.get(
    `${base}/workloads`,
    {
      schema: {
        tags,
        operationId: 'listOrchestratorWorkloads',
        summary: 'Deployments of all namespaces ([] without a cluster)',
        response: { 200: Type.Array(WorkloadSchema), ...errors },
      },
    },
    async (req) => service.listWorkloads(req.caller),
  );

  app.get(
    `${base}/workloads/match/:componentName`,
    {
      schema: {
        tags,
        operationId: 'matchOrchestratorWorkloads',
        summary: 'Deployments whose name or a label value equals the component name',
        params: ComponentNameParams,
        response: { 200: Type.Array(WorkloadSchema), ...errors },
      },
    },
    async (req) => service.matchWorkloads(req.caller, req.params.componentName),
  );

  app.get(
    `${base}/crds`,
    {
      schema: {
        tags,
        operationId: 'listOrchestratorCrds',
        summary: 'Custom resource definitions with their operator',
        response: { 200: Type.Array(CrdResourceSchema), ...errors },
      },
    },
    async (req) => service.listCrds(req.caller),
  );

  app.get(
    `${base}/crds/:group`,
    {
      schema: {
        tags,
        operationId: 'listOrchestratorCrdsOfGroup',
        summary: 'Custom resource definitions of one API group',
        params: GroupParams,
        response: { 200: Type.Array(CrdResourceSchema), ...errors },
      },
    },
    async (req) => service.listCrds(req.caller, req.params.group),
  );

  app.get(
    `${base}/rollouts`,
    {
      schema: {
        tags,
        operationId: 'listOrchestratorRollouts',
        summary: 'Argo Rollouts with phase and steps ([] when Argo Rollouts is not installed)',
        querystring: RolloutsQuery,
        response: { 200: Type.Array(RolloutStatusSchema), ...errors },
      },
    },
    async (req) => service.listRollouts(req.caller, req.query.namespace),
  );

  app.post(
    `${base}/sync`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        operationId: 'syncOrchestratorWorkloads',
        summary: 'Run the annotation sync now (admin): stores workloadStatus on annotated components',
        response: { 200: SyncResultSchema, ...errorResponses(401, 403, 502, 503) },
      },
    },
    async (req) => service.syncAnnotated(req.caller),
  );
}
