import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  CreateDashboardBody,
  CreateWidgetBody,
  DashboardListQuery,
  DashboardPage,
  DashboardSchema,
  LayoutBody,
  UpdateDashboardBody,
  UpdateWidgetBody,
  WidgetDataSchema,
  WidgetParams,
  WidgetSchema,
} from './dashboards.schemas.js';
import type { DashboardsService } from './dashboards.service.js';

const tags = ['dashboards'];
const base = '/api/v1/dashboards';

export async function dashboardsRoutes(app: App, { service }: { service: DashboardsService }) {
  dashboardRoutes(app, { service });
  arrangementRoutes(app, { service });
  widgetRoutes(app, { service });
}

/** Dashboards: listed, created, read and changed. */
function dashboardRoutes(app: App, { service }: { service: DashboardsService }) {
  app.get(
    base,
    {
      schema: {
        tags,
        summary: 'Dashboards the caller may see (workspace and own), newest first, with widgets',
        querystring: DashboardListQuery,
        response: { 200: DashboardPage, ...errorResponses(400, 401) },
      },
    },
    async (req) => service.list(req.caller, req.query),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        summary: 'Create a dashboard owned by the caller',
        body: CreateDashboardBody,
        response: { 201: DashboardSchema, ...errorResponses(400, 401) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.body)),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        summary: 'A dashboard with all widgets (private ones: owner only)',
        params: IdParams,
        response: { 200: DashboardSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.get(req.caller, req.params.id),
  );

  app.patch(
    `${base}/:id`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Change name, description or visibility (admin)',
        params: IdParams,
        body: UpdateDashboardBody,
        response: { 200: DashboardSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.update(req.caller, req.params.id, req.body),
  );
}

/** A dashboard's layout and its deletion. */
function arrangementRoutes(app: App, { service }: { service: DashboardsService }) {
  app.patch(
    `${base}/:id/layout`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Move and resize widgets in one transaction (admin)',
        params: IdParams,
        body: LayoutBody,
        response: { 200: DashboardSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.layout(req.caller, req.params.id, req.body),
  );

  app.delete(
    `${base}/:id`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Delete a dashboard and its widgets (admin)',
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

/** A dashboard's widgets and their data. */
function widgetRoutes(app: App, { service }: { service: DashboardsService }) {
  app.post(
    `${base}/:id/widgets`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Add a widget (admin)',
        params: IdParams,
        body: CreateWidgetBody,
        response: { 201: WidgetSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.addWidget(req.caller, req.params.id, req.body)),
  );

  app.patch(
    `${base}/:dashboardId/widgets/:widgetId`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Change a widget: any subset of the create fields (admin)',
        params: WidgetParams,
        body: UpdateWidgetBody,
        response: { 200: WidgetSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.updateWidget(req.caller, req.params, req.body),
  );

  app.delete(
    `${base}/:dashboardId/widgets/:widgetId`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        summary: 'Remove a widget (admin)',
        params: WidgetParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await service.removeWidget(req.caller, req.params);
      return reply.code(204).send();
    },
  );

  app.get(
    `${base}/:dashboardId/widgets/:widgetId/data`,
    {
      schema: {
        tags,
        summary: 'Data of a widget, computed from platform records; `sample: true` where the platform has no source',
        params: WidgetParams,
        response: { 200: WidgetDataSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.widgetData(req.caller, req.params),
  );
}
