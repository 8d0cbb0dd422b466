import { Type } from 'typebox';
import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import { CreateCredentialBody, CredentialSchema, UpdateCredentialBody } from './credentials.schemas.js';
import type { CredentialsService } from './credentials.service.js';

const tags = ['integrations'];
const base = '/api/v1/integrations/credentials';
const OrgHeader = Type.Object({
  'x-organization-id': Type.Optional(
    Type.String({ description: 'current organization (member or global admin); absent: records without one' }),
  ),
});

export async function credentialsRoutes(app: App, { service }: { service: CredentialsService }) {
  app.get(
    base,
    {
      config: { auth: 'user', organization: true },
      schema: {
        operationId: 'listIntegrationCredentials',
        tags,
        summary: "List the current organization's integration credentials (never their values)",
        headers: OrgHeader,
        response: { 200: Type.Array(CredentialSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.list(req.caller),
  );

  app.get(
    `${base}/:id`,
    {
      config: { auth: 'user', organization: true },
      schema: {
        operationId: 'getIntegrationCredential',
        tags,
        summary: 'Read one integration credential of the current organization (never its value)',
        headers: OrgHeader,
        params: IdParams,
        response: { 200: CredentialSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.get(req.caller, req.params.id),
  );

  app.post(
    base,
    {
      config: { auth: 'admin', organization: true },
      schema: {
        operationId: 'createIntegrationCredential',
        tags,
        summary: 'Store a credential for a CI/CD platform (admin; one per type per organization)',
        headers: OrgHeader,
        body: CreateCredentialBody,
        response: { 201: CredentialSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.body)),
  );

  app.patch(
    `${base}/:id`,
    {
      config: { auth: 'admin', organization: true },
      schema: {
        operationId: 'updateIntegrationCredential',
        tags,
        summary: 'Rename a credential and/or replace its value (admin)',
        headers: OrgHeader,
        params: IdParams,
        body: UpdateCredentialBody,
        response: { 200: CredentialSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.update(req.caller, req.params.id, req.body ?? {}),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { auth: 'admin', organization: true },
      schema: {
        operationId: 'deleteIntegrationCredential',
        tags,
        summary: 'Delete a credential (admin)',
        headers: OrgHeader,
        params: IdParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await service.remove(req.caller, req.params.id);
      return reply.code(204).send();
    },
  );
}
