import { PageQuery } from '../../kernel/pagination.js';
import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  CreateTemplateBody,
  DryRunBody,
  ScaffoldBody,
  ScaffoldFileQuery,
  ScaffoldFileSchema,
  ScaffoldRequestPage,
  ScaffoldRequestSchema,
  ServiceTemplateSchema,
  TemplateListQuery,
  TemplatePage,
  UpdateTemplateBody,
} from './templates.schemas.js';
import type { TemplatesService } from './templates.service.js';

const tags = ['templates'];
const base = '/api/v1/service-templates';

export async function templatesRoutes(app: App, { service }: { service: TemplatesService }) {
  templateRoutes(app, { service });
  scaffoldRoutes(app, { service });
}

/** Service templates: listed, created, read, changed and deleted. */
function templateRoutes(app: App, { service }: { service: TemplatesService }) {
  app.get(
    base,
    { schema: { tags, summary: 'List service templates (ordered by name)', querystring: TemplateListQuery, response: { 200: TemplatePage, ...errorResponses(400, 401) } } },
    async (req) => service.list(req.caller, req.query),
  );

  app.post(
    base,
    {
      config: { auth: 'admin', organization: true },
      schema: {
        tags,
        summary: 'Create a service template (admin); organizationId defaults to X-Organization-Id',
        body: CreateTemplateBody,
        response: { 201: ServiceTemplateSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.body)),
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, summary: 'Get a service template', params: IdParams, response: { 200: ServiceTemplateSchema, ...errorResponses(400, 401, 404) } } },
    async (req) => service.get(req.caller, req.params.id),
  );

  app.patch(
    `${base}/:id`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Update a custom service template (admin); built-ins are read-only (403)',
        params: IdParams,
        body: UpdateTemplateBody,
        response: { 200: ServiceTemplateSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => service.update(req.caller, req.params.id, req.body ?? {}),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { auth: 'admin' },
      schema: { tags, summary: 'Delete a custom service template (admin); built-ins: 403', params: IdParams, response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) } },
    },
    async (req, reply) => {
      await service.remove(req.caller, req.params.id);
      return reply.code(204).send();
    },
  );
}

/** Scaffolding from a template (for real or as a dry run) and the scaffold requests it leaves. */
function scaffoldRoutes(app: App, { service }: { service: TemplatesService }) {
  app.post(
    `${base}/:id/scaffold`,
    {
      schema: {
        tags,
        summary: 'Scaffold a repository from the template (queued; status pending unless dryRun)',
        params: IdParams,
        body: ScaffoldBody,
        response: { 201: ScaffoldRequestSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.scaffold(req.caller, req.params.id, req.body, false)),
  );

  app.post(
    `${base}/:id/scaffold/dry-run`,
    {
      schema: {
        tags,
        summary: 'Render the template in memory: the files a scaffold would write; nothing is written',
        params: IdParams,
        body: DryRunBody,
        response: { 201: ScaffoldRequestSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.scaffold(req.caller, req.params.id, req.body, true)),
  );

  app.get(
    '/api/v1/scaffold-requests',
    {
      schema: {
        tags,
        summary: 'List scaffold requests, newest first (admins: all; others: their own)',
        querystring: PageQuery,
        response: { 200: ScaffoldRequestPage, ...errorResponses(400, 401) },
      },
    },
    async (req) => service.listRequests(req.caller, req.query),
  );

  app.get(
    '/api/v1/scaffold-requests/:id',
    {
      schema: {
        tags,
        summary: "Get a scaffold request (another user's: 404 unless admin)",
        params: IdParams,
        response: { 200: ScaffoldRequestSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.getRequest(req.caller, req.params.id),
  );

  app.get(
    '/api/v1/scaffold-requests/:id/file',
    {
      schema: {
        tags,
        operationId: 'getScaffoldRequestFile',
        summary: 'One rendered file of a scaffold request (the dry-run preview); text up to 200,000 characters',
        params: IdParams,
        querystring: ScaffoldFileQuery,
        response: { 200: ScaffoldFileSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.requestFile(req.caller, req.params.id, req.query.path),
  );
}
