import { Type } from 'typebox';
import { errorResponses } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  AppNameParams,
  BuildIdParams,
  BuildsQuery,
  CloudCiListQuery,
  CloudCiPipelineSchema,
  CloudCiTriggerBody,
  CloudCiTriggerResultSchema,
  GitOpsApplicationSchema,
  GitOpsListQuery,
  GitOpsSyncResultSchema,
  HostedCiBuildSchema,
  HostedCiListQuery,
  HostedCiRestartResultSchema,
  JobNameParams,
  ServerCiBuildSchema,
  ServerCiJobSchema,
  ServerCiTriggerBody,
  ServerCiTriggerResultSchema,
  SlugParams,
  SyncBody,
} from './ci.schemas.js';
import type { CiService } from './ci.service.js';

// Every platform call may end in: 400 no credential, 404 upstream object missing, 502 credential
// refused (or another upstream 4xx), 503 platform unreachable or too slow.
const upstream = [400, 401, 403, 404, 502, 503];
const user = { auth: 'user' as const, organization: true };
const admin = { auth: 'admin' as const, organization: true };
/** Action POSTs may come without a body (or `null`): validated as `{}`. */
const emptyBodyIsObject = async (req: { body: unknown }) => {
  if (req.body === undefined || req.body === null) req.body = {};
};

export async function ciRoutes(app: App, { service }: { service: CiService }) {
  gitopsRoutes(app, { service });
  cloudCiRoutes(app, { service });
  serverCiRoutes(app, { service });
  hostedCiRoutes(app, { service });
}

/** GitOps CD (Argo CD): applications and their sync. */
function gitopsRoutes(app: App, { service }: { service: CiService }) {
  // ---- GitOps CD (Argo CD) ----
  app.get(
    '/api/v1/gitopscd/applications',
    {
      config: user,
      schema: {
        operationId: 'listGitopsApplications',
        tags: ['gitopscd'],
        summary: 'List GitOps CD applications (empty when no gitopscd credential is stored)',
        querystring: GitOpsListQuery,
        response: { 200: Type.Array(GitOpsApplicationSchema), ...errorResponses(...upstream) },
      },
    },
    async (req) => service.listApplications(req.caller, req.query),
  );
  app.get(
    '/api/v1/gitopscd/applications/:name',
    {
      config: user,
      schema: {
        operationId: 'getGitopsApplication',
        tags: ['gitopscd'],
        summary: 'Read one GitOps CD application',
        params: AppNameParams,
        response: { 200: GitOpsApplicationSchema, ...errorResponses(...upstream) },
      },
    },
    async (req) => service.getApplication(req.caller, req.params.name),
  );
  app.post(
    '/api/v1/gitopscd/applications/:name/sync',
    {
      config: admin,
      preValidation: emptyBodyIsObject,
      schema: {
        operationId: 'syncGitopsApplication',
        tags: ['gitopscd'],
        summary: 'Trigger a sync of a GitOps CD application (admin)',
        params: AppNameParams,
        body: SyncBody,
        response: { 200: GitOpsSyncResultSchema, ...errorResponses(...upstream) },
      },
    },
    async (req) => service.syncApplication(req.caller, req.params.name, req.body ?? {}),
  );
}

/** Hosted CI platform (CircleCI): pipelines and their triggers. */
function cloudCiRoutes(app: App, { service }: { service: CiService }) {
  // ---- Hosted CI platform (CircleCI) ----
  app.get(
    '/api/v1/cloudci/pipelines',
    {
      config: user,
      schema: {
        operationId: 'listCloudciPipelines',
        tags: ['cloudci'],
        summary: 'List hosted CI pipelines, newest first, optionally of one repository (vcsUrl)',
        querystring: CloudCiListQuery,
        response: { 200: Type.Array(CloudCiPipelineSchema), ...errorResponses(...upstream) },
      },
    },
    async (req) => service.listCloudPipelines(req.caller, req.query),
  );
  app.post(
    '/api/v1/cloudci/pipelines/:slug/trigger',
    {
      config: admin,
      preValidation: emptyBodyIsObject,
      schema: {
        operationId: 'triggerCloudciPipeline',
        tags: ['cloudci'],
        summary: 'Trigger a hosted CI pipeline of a project (admin); slug is URL-encoded <host_code>/<org>/<repo>',
        params: SlugParams,
        body: CloudCiTriggerBody,
        response: { 201: CloudCiTriggerResultSchema, ...errorResponses(...upstream) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.triggerCloudPipeline(req.caller, req.params.slug, req.body ?? {})),
  );
}

/** Self-run CI server (Jenkins): jobs, their builds and triggers. */
function serverCiRoutes(app: App, { service }: { service: CiService }) {
  // ---- Self-run CI server (Jenkins) ----
  app.get(
    '/api/v1/serverci/jobs',
    {
      config: user,
      schema: {
        operationId: 'listServerciJobs',
        tags: ['serverci'],
        summary: 'List self-run CI server jobs with their last build',
        response: { 200: Type.Array(ServerCiJobSchema), ...errorResponses(...upstream) },
      },
    },
    async (req) => service.listServerJobs(req.caller),
  );
  app.get(
    '/api/v1/serverci/jobs/:name/builds',
    {
      config: user,
      schema: {
        operationId: 'listServerciJobBuilds',
        tags: ['serverci'],
        summary: 'Build history of a self-run CI server job, newest first',
        params: JobNameParams,
        querystring: BuildsQuery,
        response: { 200: Type.Array(ServerCiBuildSchema), ...errorResponses(...upstream) },
      },
    },
    async (req) => service.listServerBuilds(req.caller, req.params.name, req.query.limit),
  );
  app.post(
    '/api/v1/serverci/jobs/:name/build',
    {
      config: admin,
      preValidation: emptyBodyIsObject,
      schema: {
        operationId: 'triggerServerciBuild',
        tags: ['serverci'],
        summary: 'Trigger a build of a self-run CI server job (admin)',
        params: JobNameParams,
        body: ServerCiTriggerBody,
        response: { 201: ServerCiTriggerResultSchema, ...errorResponses(...upstream) },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.triggerServerBuild(req.caller, req.params.name, req.body?.parameters)),
  );
}

/** Hosted CI service (Travis CI): builds and their restarts. */
function hostedCiRoutes(app: App, { service }: { service: CiService }) {
  // ---- Hosted CI service (Travis CI) ----
  app.get(
    '/api/v1/hostedci/builds',
    {
      config: user,
      schema: {
        operationId: 'listHostedciBuilds',
        tags: ['hostedci'],
        summary: 'List hosted CI service builds, newest first, optionally of one repository (repoSlug)',
        querystring: HostedCiListQuery,
        response: { 200: Type.Array(HostedCiBuildSchema), ...errorResponses(...upstream) },
      },
    },
    async (req) => service.listHostedBuilds(req.caller, req.query),
  );
  app.post(
    '/api/v1/hostedci/builds/:id/restart',
    {
      config: admin,
      preValidation: emptyBodyIsObject,
      schema: {
        operationId: 'restartHostedciBuild',
        tags: ['hostedci'],
        summary: 'Restart a hosted CI service build (admin)',
        params: BuildIdParams,
        response: { 200: HostedCiRestartResultSchema, ...errorResponses(...upstream) },
      },
    },
    async (req) => service.restartHostedBuild(req.caller, Number(req.params.id)),
  );
}
