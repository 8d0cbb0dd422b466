import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  ApiSpecFull,
  ApiSpecList,
  ApiSpecStatusResponse,
  ApiSpecSummary,
  ConsumerBody,
  ConsumerList,
  ConsumerParams,
  ConsumerSchema,
  CreateApiSpecBody,
  DiffQuery,
  ReachesPageSchema,
  ReachesQuery,
  SpecDiffResultSchema,
  UpdateApiSpecBody,
} from './api-specs.schemas.js';
import type { ApiSpecsService } from './api-specs.service.js';

const tags = ['api-specs'];

export async function apiSpecsRoutes(
  app: App,
  { service, bodyLimit }: { service: ApiSpecsService; bodyLimit: number },
) {
  componentSpecRoutes(app, { service, bodyLimit });
  specRoutes(app, { service, bodyLimit });
  diffRoutes(app, { service, bodyLimit });
  consumerRoutes(app, { service, bodyLimit });
}

/** A component's API definitions: added, listed, and those it consumes. */
function componentSpecRoutes(app: App, { service, bodyLimit }: { service: ApiSpecsService; bodyLimit: number }) {
  app.post(
    '/api/v1/catalog/components/:id/api-specs',
    {
      // API_SPEC_MAX_BYTES bounds the spec itself; the body carrying it as a JSON string needs room for escaping.
      bodyLimit,
      schema: {
        tags,
        operationId: 'createApiSpec',
        summary: 'Register an API spec (OpenAPI 2.0/3.0/3.1 or AsyncAPI 2.x/3.x) of a component',
        description:
          'Allowed: admins and members of the team owning the component. Lenient registration, strict report: refused with 400 (the first problems and their JSON pointers in `details[].problem`) is only what cannot be diffed: text that does not parse, a document that is not OpenAPI 2.0/3.0/3.1 or AsyncAPI 2.x/3.x, a `$ref` that is external or does not resolve inside the document. Other structural problems found by validation against the official schema of its version (an operation without `responses`, a parameter without `schema`, …) are kept as `problems: [{pointer, message}]` on the spec, which registers and diffs. Specs up to API_SPEC_MAX_BYTES (16 MiB by default), as text or as a JSON object, else 413. The format is detected from the content when omitted; a format contradicting the content is a 400. The answer omits the raw content.',
        params: IdParams,
        body: CreateApiSpecBody,
        response: { 201: ApiSpecSummary, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.params.id, req.body)),
  );

  app.get(
    '/api/v1/catalog/components/:id/api-specs',
    {
      schema: {
        tags,
        operationId: 'listComponentApiSpecs',
        summary: 'API specs of a component (without raw content)',
        params: IdParams,
        response: { 200: ApiSpecList, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.listForComponent(req.caller, req.params.id),
  );

  app.get(
    '/api/v1/catalog/components/:id/consumed-apis',
    {
      schema: {
        tags,
        operationId: 'listConsumedApiSpecs',
        summary: 'API specs the component consumes, directly or through its team',
        params: IdParams,
        response: { 200: ApiSpecList, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.consumedBy(req.caller, req.params.id),
  );
}

/** One API definition: read, its status changed, deleted. */
function specRoutes(app: App, { service }: { service: ApiSpecsService; bodyLimit: number }) {
  app.get(
    '/api/v1/api-specs/:id',
    {
      schema: {
        tags,
        operationId: 'getApiSpec',
        summary: 'An API spec with its raw content',
        params: IdParams,
        response: { 200: ApiSpecFull, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.get(req.caller, req.params.id),
  );

  app.patch(
    '/api/v1/api-specs/:id',
    {
      schema: {
        tags,
        operationId: 'updateApiSpecStatus',
        summary: 'Move an API spec through its lifecycle: active -> deprecated -> sunset',
        description: "Allowed: admins and members of the team owning the spec's component.",
        params: IdParams,
        body: UpdateApiSpecBody,
        response: { 200: ApiSpecStatusResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.updateLifecycle(req.caller, req.params.id, req.body),
  );

  app.delete(
    '/api/v1/api-specs/:id',
    {
      schema: {
        tags,
        operationId: 'deleteApiSpec',
        summary: 'Delete an API spec and its consumers',
        description: "Allowed: admins and members of the team owning the spec's component.",
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

/** What changed between two versions of a definition, and whom the change reaches. */
function diffRoutes(app: App, { service }: { service: ApiSpecsService; bodyLimit: number }) {
  app.get(
    '/api/v1/api-specs/:id/diff',
    {
      schema: {
        tags,
        operationId: 'getApiSpecDiff',
        summary: 'Changes of this spec (the new version) relative to the spec `compareWith` (the old version)',
        description:
          "A change is reported once, where it happens: a change inside a referenced schema is one entry on that schema (`path` is its JSON pointer) with `reaches` (the first 20 operations it reaches and their count; `GET /api/v1/api-specs/{id}/diff/reaches` pages them all); operation-level changes are one entry per operation. Every entry carries `rule` (a stable id, oasdiff's where one matches), `level` (error = breaking, warning, info) and `location`. Entries come breaking first; `summary` counts them per level and rule. `skip`/`take` page the entries (without them the answer holds all). `affectedConsumers` (the consumers of the old spec) is present when breakingChanges > 0. Identical content answers an empty diff at once. A diff over its budget (API_SPEC_DIFF_MAX_BYTES of entries, API_SPEC_DIFF_TIMEOUT_MS of work) answers 422.",
        params: IdParams,
        querystring: DiffQuery,
        response: { 200: SpecDiffResultSchema, ...errorResponses(400, 401, 404, 422, 503) },
      },
    },
    // The service answers JSON text built in a worker: sent as is, never serialised here (decision 306).
    async (req, reply) => {
      const { compareWith, skip, take } = req.query;
      const body = await service.diff(req.caller, req.params.id, compareWith, { skip, take });
      // Fastify sends a string with a JSON content type as it is; the schema above documents its shape.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/api/v1/api-specs/:id/diff/reaches',
    {
      schema: {
        tags,
        operationId: 'getApiSpecDiffReaches',
        summary: 'Every operation one schema entry of a diff reaches, paged',
        description:
          "A schema entry's `reaches` names the first 20 operations (channels, webhooks) and their count; this lists them all, sorted, in pages of `take` (default 20, at most 1000). `compareWith` is the diff's, `entry` the index of the entry among the diff's entries (0-based, in the diff's order: breaking first; the numbering of its `skip`). The answer repeats the entry's `path`, `location` and `rule`. An entry without `reaches` answers an empty list; an index past the last entry is a 404.",
        params: IdParams,
        querystring: ReachesQuery,
        response: { 200: ReachesPageSchema, ...errorResponses(400, 401, 404, 422, 503) },
      },
    },
    async (req, reply) => {
      const { compareWith, entry, skip, take } = req.query;
      const body = await service.reaches(req.caller, req.params.id, compareWith, { entry, skip, take });
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
}

/** Who consumes a definition: listed, added, removed. */
function consumerRoutes(app: App, { service }: { service: ApiSpecsService; bodyLimit: number }) {
  app.get(
    '/api/v1/api-specs/:id/consumers',
    {
      schema: {
        tags,
        operationId: 'listApiSpecConsumers',
        summary: 'Consumers of an API spec',
        params: IdParams,
        response: { 200: ConsumerList, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.listConsumers(req.caller, req.params.id),
  );

  app.post(
    '/api/v1/api-specs/:id/consumers',
    {
      schema: {
        tags,
        operationId: 'addApiSpecConsumer',
        summary: 'Register a component and/or a team as a consumer of an API spec',
        description: "Allowed: admins and members of the team owning the spec's component.",
        params: IdParams,
        body: ConsumerBody,
        response: { 201: ConsumerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.registerConsumer(req.caller, req.params.id, req.body)),
  );

  app.delete(
    '/api/v1/api-specs/:id/consumers/:consumerId',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        operationId: 'removeApiSpecConsumer',
        summary: 'Remove a consumer of an API spec (admin)',
        description: 'Allowed: admins.',
        params: ConsumerParams,
        response: { 204: EmptyResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await service.removeConsumer(req.caller, req.params.id, req.params.consumerId);
      return reply.code(204).send();
    },
  );
}
