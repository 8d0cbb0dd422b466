import { createHash, timingSafeEqual } from 'node:crypto';
import { Type } from 'typebox';
import { bearerToken } from '../../kernel/auth.js';
import { systemCaller } from '../../kernel/caller.js';
import { Unauthorized } from '../../kernel/errors.js';
import { errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  Dashboard,
  DriftIngestBody,
  DriftRecord,
  IacRunSchema,
  IacStackSchema,
  NoContent,
  INGEST_BODY_LIMIT,
  RunIngestBody,
  RunPage,
  RunPageQuery,
  StackImportBody,
  StackImportResult,
  StackQuery,
  Topology,
  TopologyIngestBody,
} from './iac.schemas.js';
import type { IacService } from './iac.service.js';

export interface IacRoutesOptions {
  service: IacService;
  /** IAC_INGEST_TOKEN; unset means every ingestion call is refused. */
  ingestToken: string | undefined;
}

const tags = ['iac'];
const sha256 = (s: string) => createHash('sha256').update(s).digest();
const ingestSecurity = [{ ingestToken: [] }];

export async function iacRoutes(app: App, { service, ingestToken }: IacRoutesOptions) {
  ingestRoutes(app, { service, ingestToken });
  stackRoutes(app, { service, ingestToken });
  overviewRoutes(app, { service, ingestToken });
}

/** Ingestion from the IaC runner, under IAC_INGEST_TOKEN: stacks, runs, module drift and resources. */
function ingestRoutes(app: App, { service, ingestToken }: IacRoutesOptions) {
  const expected = ingestToken ? sha256(ingestToken) : undefined;

  // Ingestion routes (`auth: 'custom'`) take IAC_INGEST_TOKEN, never a user's JWT. Both sides are
  // hashed first so timingSafeEqual compares equal lengths and leaks neither value nor length.
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.auth !== 'custom') return;
    if (!expected) throw new Unauthorized('IaC ingestion is disabled: IAC_INGEST_TOKEN is not set');
    const token = bearerToken(request);
    if (!token) throw new Unauthorized('Missing ingestion bearer token');
    if (!timingSafeEqual(sha256(token), expected)) throw new Unauthorized('Invalid ingestion token');
    // The ingestion token names a machine, not a person: its verbs run as the system caller.
    request.caller = systemCaller({ requestId: request.id });
  });

  // Ingestion bodies (a full topology) exceed the app-wide MAX_BODY_BYTES; only these routes get more.
  const ingest = { config: { auth: 'custom' as const }, bodyLimit: INGEST_BODY_LIMIT };

  app.post(
    '/api/v1/iac/stacks/import',
    {
      ...ingest,
      schema: {
        tags,
        summary: 'Import stacks (upsert by name + environment; ingestion token)',
        security: ingestSecurity,
        body: StackImportBody,
        response: { 201: StackImportResult, ...errorResponses(400, 401, 413) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.importStacks(req.caller, req.body)),
  );

  app.post(
    '/api/v1/iac/runs/ingest',
    {
      ...ingest,
      schema: {
        tags,
        summary: 'Report an IaC run; an unknown stack is created (ingestion token)',
        security: ingestSecurity,
        body: RunIngestBody,
        response: { 201: IacRunSchema, ...errorResponses(400, 401, 413) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.ingestRun(req.caller, req.body)),
  );

  app.post(
    '/api/v1/iac/module-drift/ingest',
    {
      ...ingest,
      schema: {
        tags,
        summary: 'Report module drift (ingestion token)',
        security: ingestSecurity,
        body: DriftIngestBody,
        response: { 201: NoContent, ...errorResponses(400, 401, 413) },
      },
    },
    async (req, reply) => {
      await service.ingestDrift(req.caller, req.body);
      return reply.code(201).send();
    },
  );

  app.post(
    '/api/v1/iac/stacks/:id/resources/ingest',
    {
      ...ingest,
      schema: {
        tags,
        summary: "Replace a stack's resource topology (ingestion token)",
        security: ingestSecurity,
        params: IdParams,
        body: TopologyIngestBody,
        response: { 201: NoContent, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (req, reply) => {
      await service.ingestTopology(req.caller, req.params.id, req.body);
      return reply.code(201).send();
    },
  );
}

/** Stacks: listed, one, its runs and its resources. */
function stackRoutes(app: App, { service }: IacRoutesOptions) {
  app.get(
    '/api/v1/iac/stacks',
    {
      schema: {
        tags,
        summary: 'List IaC stacks with their latest run',
        querystring: StackQuery,
        response: { 200: Type.Array(IacStackSchema), ...errorResponses(400, 401) },
      },
    },
    async (req) => service.listStacks(req.caller, req.query),
  );

  app.get(
    '/api/v1/iac/stacks/:id',
    {
      schema: {
        tags,
        summary: 'Get an IaC stack',
        params: IdParams,
        response: { 200: IacStackSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.getStack(req.caller, req.params.id),
  );

  app.get(
    '/api/v1/iac/stacks/:id/runs',
    {
      schema: {
        tags,
        summary: 'Runs of a stack, newest first (page 1.., limit 1-100)',
        params: IdParams,
        querystring: RunPageQuery,
        response: { 200: RunPage, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.listRuns(req.caller, req.params.id, req.query),
  );

  app.get(
    '/api/v1/iac/stacks/:id/resources',
    {
      schema: {
        tags,
        summary: 'Resource topology of a stack',
        params: IdParams,
        response: { 200: Topology, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.topology(req.caller, req.params.id),
  );
}

/** The IaC dashboard and the modules' drift. */
function overviewRoutes(app: App, { service }: IacRoutesOptions) {
  app.get(
    '/api/v1/iac/dashboard',
    {
      schema: {
        tags,
        summary: 'Stacks grouped by environment, failed last runs first',
        response: { 200: Dashboard, ...errorResponses(401) },
      },
    },
    async (req) => service.dashboard(req.caller),
  );

  app.get(
    '/api/v1/iac/module-drift',
    {
      schema: {
        tags,
        summary: 'Module drift records, newest detection first',
        response: { 200: Type.Array(DriftRecord), ...errorResponses(401) },
      },
    },
    async (req) => service.listDrift(req.caller),
  );
}
