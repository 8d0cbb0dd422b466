import { errorResponses } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { CheckBody, CheckResult } from './permissions.schemas.js';
import type { PermissionsService } from './permissions.service.js';

export async function permissionsRoutes(app: App, { service }: { service: PermissionsService }) {
  app.post(
    '/api/v1/permissions/check',
    {
      schema: {
        tags: ['permissions'],
        operationId: 'checkPermissions',
        summary: 'Ask in advance whether the caller may do up to 100 actions; each answer says why',
        description:
          'Allowed: any signed-in user (it answers for the caller only). A resource that does not exist answers `{allowed: false, reason: "not found"}`.',
        body: CheckBody,
        response: { 200: CheckResult, ...errorResponses(400, 401) },
      },
    },
    async (req) => ({ results: await service.checkMany(req.caller, req.body.checks) }),
  );
}
