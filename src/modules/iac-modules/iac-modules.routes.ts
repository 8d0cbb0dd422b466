import { Type } from 'typebox';
import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  ComponentParams,
  CreateIacModuleBody,
  IacModuleSchema,
  IacModuleVersionSchema,
  LinkComponentBody,
  ListIacModulesQuery,
  SyncResult,
  UpdateIacModuleBody,
  VersionsQuery,
} from './iac-modules.schemas.js';
import type { IacModulesService } from './iac-modules.service.js';

const tags = ['iac-modules'];
const base = '/api/v1/iac-modules';

/** Every route needs a valid access token (the default `user` level); the spec marks none as admin-only. */
export async function iacModulesRoutes(app: App, { service }: { service: IacModulesService }) {
  moduleReadRoutes(app, { service });
  moduleWriteRoutes(app, { service });
}

/** IaC modules: listed, created, a component's, one and its versions. */
function moduleReadRoutes(app: App, { service }: { service: IacModulesService }) {
  app.get(
    base,
    {
      schema: {
        tags,
        operationId: 'listIacModules',
        summary: 'List IaC modules (filters search, provider, engine combine)',
        querystring: ListIacModulesQuery,
        response: { 200: Type.Array(IacModuleSchema), ...errorResponses(400, 401) },
      },
    },
    async (req) => service.list(req.caller, req.query),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        operationId: 'createIacModule',
        summary: 'Register an IaC module (latestVersion stays null until a sync)',
        body: CreateIacModuleBody,
        response: { 201: IacModuleSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.body)),
  );

  // Declared before /:id so the static segment is obvious to readers; find-my-way prefers it anyway.
  app.get(
    `${base}/component/:componentId`,
    {
      schema: {
        tags,
        operationId: 'listComponentIacModules',
        summary: 'IaC modules linked to a component (empty array when none)',
        params: ComponentParams,
        response: { 200: Type.Array(IacModuleSchema), ...errorResponses(400, 401) },
      },
    },
    async (req) => service.listByComponent(req.caller, req.params.componentId),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        operationId: 'getIacModule',
        summary: 'Get an IaC module',
        params: IdParams,
        response: { 200: IacModuleSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.get(req.caller, req.params.id),
  );

  app.get(
    `${base}/:id/versions`,
    {
      schema: {
        tags,
        operationId: 'listIacModuleVersions',
        summary: 'Stored versions of an IaC module, semver descending',
        description:
          'Every version without skip/take; with either, that page (take 1-100, default 20) and the full count in the X-Total-Count header.',
        params: IdParams,
        querystring: VersionsQuery,
        response: { 200: Type.Array(IacModuleVersionSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (req, reply) => {
      const { rows, total } = await service.versions(req.caller, req.params.id, req.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );
}

/** An IaC module: changed, deleted, synced, and linked to or unlinked from a component. */
function moduleWriteRoutes(app: App, { service }: { service: IacModulesService }) {
  app.patch(
    `${base}/:id`,
    {
      schema: {
        tags,
        operationId: 'updateIacModule',
        summary: "Change any subset of an IaC module's fields",
        params: IdParams,
        body: UpdateIacModuleBody,
        response: { 200: IacModuleSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req) => service.update(req.caller, req.params.id, req.body),
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        operationId: 'deleteIacModule',
        summary: 'Delete an IaC module and all its versions',
        params: IdParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (req, reply) => {
      await service.remove(req.caller, req.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    `${base}/:id/sync`,
    {
      schema: {
        tags,
        operationId: 'syncIacModule',
        summary: 'Discover new semver tags of the source repository and store their variables and outputs',
        description:
          'Lists the tags (vX.Y.Z or X.Y.Z), clones each one not stored yet (several at once) and parses every *.tf and *.tf.json file at its root ' +
          'in worker threads. A tag that cannot be cloned or parsed is listed in failedVersions and the others are stored. Idempotent. ' +
          "400 (naming git's reason) when the repository's tags cannot be listed or the URL is refused.",
        params: IdParams,
        response: { 200: SyncResult, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.sync(req.caller, req.params.id),
  );

  app.post(
    `${base}/:id/link-component`,
    {
      schema: {
        tags,
        operationId: 'linkIacModuleComponent',
        summary: 'Link the module to a catalog component (replaces any earlier link)',
        params: IdParams,
        body: LinkComponentBody,
        response: { 200: IacModuleSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.linkComponent(req.caller, req.params.id, req.body.componentId),
  );

  app.delete(
    `${base}/:id/unlink-component`,
    {
      schema: {
        tags,
        operationId: 'unlinkIacModuleComponent',
        summary: "Remove the module's component link",
        params: IdParams,
        response: { 200: IacModuleSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.unlinkComponent(req.caller, req.params.id),
  );
}
