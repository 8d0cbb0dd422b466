import { EmptyResponse, errorResponses, IdParams } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import type { RunsService } from './pipelines.runs.js';
import {
  CreatePipelineBody,
  PipelineListQuery,
  PipelinePage,
  PipelineRunList,
  PipelineRunSchema,
  PipelineSchema,
  RunParams,
  TriggerBody,
  UpdatePipelineBody,
} from './pipelines.schemas.js';
import type { PipelinesService } from './pipelines.service.js';

const tags = ['pipelines'];
/** Optional bodies: "no body" (as clients send on action POSTs) validates as `{}`. */
const emptyBody = async (req: { body: unknown }) => {
  if (req.body === undefined || req.body === null) req.body = {};
};
const base = '/api/v1/pipelines';

export async function pipelinesRoutes(app: App, { service, runs }: { service: PipelinesService; runs: RunsService }) {
  pipelineRoutes(app, { service, runs });
  runRoutes(app, { service, runs });
}

/** Pipelines: listed, created, read, changed and deleted. */
function pipelineRoutes(app: App, { service }: { service: PipelinesService; runs: RunsService }) {
  app.get(
    base,
    {
      config: { organization: true },
      schema: {
        operationId: 'listPipelines',
        tags,
        summary:
          'List pipelines, newest first (organizationId defaults to X-Organization-Id; without either, pipelines of no organization)',
        querystring: PipelineListQuery,
        response: { 200: PipelinePage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => service.list(req.caller, req.query),
  );

  app.post(
    base,
    {
      config: { organization: true },
      schema: {
        operationId: 'createPipeline',
        tags,
        summary:
          'Create a pipeline (script and build stages: admins only; with componentId: members of its owning team); organizationId defaults to X-Organization-Id',
        body: CreatePipelineBody,
        response: { 201: PipelineSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(req.caller, req.body)),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        operationId: 'getPipeline',
        tags,
        summary: 'Read a pipeline',
        params: IdParams,
        response: { 200: PipelineSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => service.get(req.caller, req.params.id),
  );

  app.patch(
    `${base}/:id`,
    {
      preValidation: emptyBody,
      schema: {
        operationId: 'updatePipeline',
        tags,
        summary:
          'Update any subset of a pipeline (script and build stages: admins only; a pipeline of an entity: members of its owning team)',
        params: IdParams,
        body: UpdatePipelineBody,
        response: { 200: PipelineSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => service.update(req.caller, req.params.id, req.body ?? {}),
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        operationId: 'deletePipeline',
        tags,
        summary:
          'Delete a pipeline and its runs (running runs are cancelled; a pipeline of an entity: members of its owning team)',
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

/** A pipeline's runs: triggered, listed, read, and approved, rejected or cancelled. */
function runRoutes(app: App, { runs }: { service: PipelinesService; runs: RunsService }) {
  app.post(
    `${base}/:id/trigger`,
    {
      preValidation: emptyBody,
      schema: {
        operationId: 'triggerPipelineRun',
        tags,
        summary:
          'Trigger a run (answers at once with the run queued; a pipeline of an entity: members of its owning team); optional body {version, commitSha} for build tags',
        params: IdParams,
        body: TriggerBody,
        response: { 201: PipelineRunSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (req, reply) => reply.code(201).send(await runs.trigger(req.caller, req.params.id, req.body)),
  );

  app.get(
    `${base}/:id/runs`,
    {
      schema: {
        operationId: 'listPipelineRuns',
        tags,
        summary: 'The last 50 runs, newest first',
        params: IdParams,
        response: { 200: PipelineRunList, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => runs.list(req.caller, req.params.id),
  );

  app.get(
    `${base}/:id/runs/:runId`,
    {
      schema: {
        operationId: 'getPipelineRun',
        tags,
        summary: 'A run with its full logs and stage results (404 when it belongs to another pipeline)',
        params: RunParams,
        response: { 200: PipelineRunSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => runs.get(req.caller, req.params.id, req.params.runId),
  );

  const action = (verb: 'approve' | 'reject' | 'cancel', operationId: string, summary: string) =>
    app.post(
      `${base}/:id/runs/:runId/${verb}`,
      {
        schema: {
          operationId,
          tags,
          summary,
          params: RunParams,
          response: { 200: PipelineRunSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (req) => runs[verb](req.caller, req.params.id, req.params.runId),
    );
  // Who may: admins; for a pipeline of an entity also the owning team's members (docs/modules/permissions.md).
  action(
    'approve',
    'approvePipelineRun',
    'Approve a run waiting for approval: it resumes after the approval stage (admins; members of the owning team but not who triggered it)',
  );
  action(
    'reject',
    'rejectPipelineRun',
    'Reject a run waiting for approval: it fails (admins; members of the owning team)',
  );
  action(
    'cancel',
    'cancelPipelineRun',
    'Cancel a queued, running or waiting run: its command is stopped (admins; members of the owning team)',
  );
}
