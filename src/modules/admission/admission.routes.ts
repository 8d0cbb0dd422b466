import { Type } from 'typebox';
import { errorResponses } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { ConstraintTemplateSchema, EnabledSchema, ViolationSchema } from './admission.schemas.js';
import type { AdmissionService } from './admission.service.js';

const tags = ['orchestrator'];
const base = '/api/v1/orchestrator/policy-admission';
const errors = errorResponses(401, 502, 503);

export async function admissionRoutes(app: App, { service }: { service: AdmissionService }) {
  app.get(
    `${base}/enabled`,
    {
      schema: {
        tags,
        operationId: 'getPolicyAdmissionEnabled',
        summary: 'Whether Gatekeeper is installed in the cluster',
        response: { 200: EnabledSchema, ...errors },
      },
    },
    async (req) => service.enabled(req.caller),
  );

  app.get(
    `${base}/constraint-templates`,
    {
      schema: {
        tags,
        operationId: 'listPolicyAdmissionConstraintTemplates',
        summary: "Gatekeeper's constraint templates",
        response: { 200: Type.Array(ConstraintTemplateSchema), ...errors },
      },
    },
    async (req) => service.constraintTemplates(req.caller),
  );

  app.get(
    `${base}/violations`,
    {
      schema: {
        tags,
        operationId: 'listPolicyAdmissionViolations',
        summary: 'Audit violations of every constraint',
        response: { 200: Type.Array(ViolationSchema), ...errors },
      },
    },
    async (req) => service.violations(req.caller),
  );
}
