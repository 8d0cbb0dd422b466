import { Type } from 'typebox';
import { Nullable } from '../../kernel/schemas.js';

// Responses the document shows (GitOps application, serverci job) keep its shape; the others are
// Hangar's normalised shapes, one per platform, keeping the platform's own ids (docs/modules/ci.md).
const NStr = Nullable(Type.String());

export const GitOpsApplicationSchema = Type.Object(
  {
    metadata: Type.Object({ name: Type.String(), namespace: NStr }),
    spec: Type.Object({
      project: NStr,
      source: Type.Object({ repoURL: NStr, path: NStr, targetRevision: NStr }),
      destination: Type.Object({ server: NStr, namespace: NStr }),
    }),
    status: Type.Object({
      health: Type.Object({
        status: Type.String({
          description: "Healthy, Progressing, Degraded, Suspended or Unknown (Argo CD's Missing reads as Unknown)",
        }),
      }),
      sync: Type.Object({ status: Type.String({ description: 'Synced, OutOfSync or Unknown' }), revision: NStr }),
      operationState: Type.Object({ phase: NStr, finishedAt: NStr }),
    }),
  },
  { description: 'A GitOps CD (Argo CD) application' },
);

export const GitOpsSyncResultSchema = Type.Object(
  {
    name: Type.String(),
    namespace: NStr,
    revision: Nullable(Type.String({ description: 'the revision the sync was asked for' })),
    phase: Nullable(Type.String({ description: "the sync operation's phase right after the request (Running, …)" })),
    syncStatus: Type.String(),
    healthStatus: Type.String(),
    requestedAt: Type.String({ format: 'date-time' }),
  },
  { description: 'A sync operation the GitOps CD platform accepted' },
);

export const CloudCiPipelineSchema = Type.Object(
  {
    id: Type.String({ description: "CircleCI's pipeline id" }),
    number: Type.Integer(),
    projectSlug: Type.String(),
    state: Type.String({ description: 'created, errored, setup-pending, setup, pending' }),
    createdAt: NStr,
    updatedAt: NStr,
    vcsUrl: Nullable(Type.String({ description: 'the repository URL (origin)' })),
    branch: NStr,
    tag: NStr,
    revision: NStr,
    triggerType: NStr,
    actor: NStr,
  },
  { description: 'A hosted CI platform (CircleCI) pipeline' },
);

export const CloudCiTriggerResultSchema = Type.Object(
  { id: Type.String(), number: Type.Integer(), state: Type.String(), createdAt: NStr, projectSlug: Type.String() },
  { description: 'The pipeline the hosted CI platform created' },
);

const BuildSummary = {
  number: Type.Integer(),
  result: Nullable(
    Type.String({
      description:
        'SUCCESS (blue), FAILURE (red), UNSTABLE (yellow), ABORTED (aborted); null while running (color *_anime)',
    }),
  ),
  timestamp: Type.Number({ description: 'start, epoch milliseconds' }),
  duration: Type.Number({ description: 'milliseconds' }),
};

export const ServerCiJobSchema = Type.Object(
  { name: Type.String(), url: Type.String(), color: NStr, lastBuild: Nullable(Type.Object(BuildSummary)) },
  { description: 'A self-run CI server (Jenkins) job' },
);

export const ServerCiBuildSchema = Type.Object(
  { ...BuildSummary, url: NStr, building: Type.Boolean(), displayName: NStr },
  { description: 'One build of a self-run CI server job' },
);

export const ServerCiTriggerResultSchema = Type.Object(
  {
    job: Type.String(),
    queued: Type.Boolean(),
    queueItemId: Nullable(Type.Integer({ description: "the server's queue item id" })),
    queueUrl: NStr,
  },
  { description: 'A build the self-run CI server queued' },
);

export const HostedCiBuildSchema = Type.Object(
  {
    id: Type.Integer({ description: "Travis CI's build id" }),
    number: NStr,
    state: Type.String({ description: 'passed, failed, errored, canceled, started, created' }),
    previousState: NStr,
    eventType: NStr,
    duration: Nullable(Type.Number({ description: 'seconds' })),
    startedAt: NStr,
    finishedAt: NStr,
    repository: Type.Object({ id: Nullable(Type.Integer()), name: NStr, slug: NStr }),
    branch: NStr,
    commit: Type.Object({ sha: NStr, message: NStr }),
  },
  { description: 'A hosted CI service (Travis CI) build' },
);

export const HostedCiRestartResultSchema = Type.Object(
  { id: Type.Integer(), number: NStr, state: NStr, stateChange: Type.String() },
  { description: 'A restart the hosted CI service accepted' },
);

export const WebhookAccepted = Type.Object(
  {
    received: Type.Boolean(),
    deliveryId: Nullable(
      Type.String({ description: "the platform's delivery id replays are recognised by; null when it gave none" }),
    ),
  },
  { description: 'The delivery was verified and queued' },
);

// ---- requests ----

export const AppNameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 253 }) });
export const GitOpsListQuery = Type.Object({
  project: Type.Optional(
    Type.String({ minLength: 1, maxLength: 253, description: 'only applications of this Argo CD project' }),
  ),
  selector: Type.Optional(
    Type.String({ minLength: 1, maxLength: 1000, description: 'label selector, e.g. team=shop' }),
  ),
});
export const SyncBody = Type.Object(
  {
    revision: Type.Optional(
      Type.String({ minLength: 1, maxLength: 255, description: 'defaults to the target revision' }),
    ),
    prune: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const CloudCiListQuery = Type.Object({
  vcsUrl: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2048,
      description: 'repository URL; matched without scheme, case, trailing slash or .git',
    }),
  ),
  orgSlug: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'organization slug, e.g. gh/acme' })),
});
export const SlugParams = Type.Object({
  slug: Type.String({ minLength: 1, maxLength: 512, description: 'URL-encoded <host_code>/<org>/<repo>' }),
});
export const CloudCiTriggerBody = Type.Object(
  {
    branch: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    tag: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    parameters: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]))),
  },
  { additionalProperties: false },
);

export const JobNameParams = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 512, description: 'job name (folders: URL-encoded a/b)' }),
});
export const BuildsQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }) });
export const ServerCiTriggerBody = Type.Object(
  {
    parameters: Type.Optional(
      Type.Record(Type.String(), Type.String(), { description: 'build parameters (buildWithParameters)' }),
    ),
  },
  { additionalProperties: false },
);

export const HostedCiListQuery = Type.Object({
  repoSlug: Type.Optional(Type.String({ minLength: 3, maxLength: 255, description: 'org/repo (URL-encoded)' })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
});
export const BuildIdParams = Type.Object({
  id: Type.String({ pattern: '^[0-9]{1,15}$', description: "Travis CI's numeric build id" }),
});

export const WebhookQuery = Type.Object({
  token: Type.Optional(Type.String({ description: 'the shared token, for servers that can only be given a URL' })),
});
