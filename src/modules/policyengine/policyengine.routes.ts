import { Type } from 'typebox';
import { errorResponses } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  ComponentIdParams,
  EvaluateBody,
  EvaluationResultSchema,
  PolicyStatusSchema,
  StoredResultSchema,
} from './policyengine.schemas.js';
import type { PolicyEngineService } from './policyengine.service.js';

const tags = ['policy engine'];
const base = '/api/v1/policyengine';

export async function policyEngineRoutes(app: App, { service }: { service: PolicyEngineService }) {
  app.get(
    `${base}/status`,
    {
      schema: {
        operationId: 'getPolicyEngineStatus',
        tags,
        summary: 'Whether the policy server (OPA) answers its health check',
        response: { 200: PolicyStatusSchema, ...errorResponses(401) },
      },
    },
    async (req) => service.status(req.caller),
  );

  app.post(
    `${base}/evaluate`,
    {
      schema: {
        operationId: 'evaluatePolicy',
        tags,
        summary: 'Evaluate a policy with an input; stored when componentId is given',
        body: EvaluateBody,
        response: { 201: EvaluationResultSchema, ...errorResponses(400, 401, 404, 502, 503) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.evaluate(req.caller, req.body)),
  );

  app.get(
    `${base}/results/:componentId`,
    {
      schema: {
        operationId: 'listPolicyResults',
        tags,
        summary: "A component's stored evaluation results, newest first",
        params: ComponentIdParams,
        response: { 200: Type.Array(StoredResultSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.results(req.caller, req.params.componentId),
  );
}
