import { Type, type Static } from 'typebox';
import { Page, PageQuery } from '../../kernel/pagination.js';
import { Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';

// Rows carry Date objects; the serialiser writes them as ISO 8601 strings.

export const DEPLOYMENT_STATUSES = ['pending', 'in_progress', 'succeeded', 'failed', 'rolled_back'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];
const Status = Type.Union(
  [
    Type.Literal('pending'),
    Type.Literal('in_progress'),
    Type.Literal('succeeded'),
    Type.Literal('failed'),
    Type.Literal('rolled_back'),
  ],
  { description: DEPLOYMENT_STATUSES.join(', ') },
);

export const DeploymentSchema = Type.Object(
  {
    id: Uuid,
    componentId: Uuid,
    environmentId: Uuid,
    version: Type.String(),
    status: Type.String(),
    deployedBy: Nullable(Uuid),
    pipelineRunId: Nullable(Uuid),
    source: Nullable(
      Type.String({
        description: 'who reported it (`github-actions`, `github`, `gitlab`, `argocd`, …); null: a pipeline of Hangar',
      }),
    ),
    externalId: Nullable(
      Type.String({ description: "the reporting system's id of the deployment; null: a pipeline of Hangar" }),
    ),
    revision: Nullable(Type.String({ description: 'the commit it shipped, as the event said it' })),
    url: Nullable(Type.String({ description: "the deployment's page in the system that ran it" })),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  {
    description:
      'A deployment of a component version to an environment: by a pipeline deploy stage, or reported by a deployment event',
  },
);
export const DeploymentPage = Page(DeploymentSchema);

// One deployment with what its pipeline run says about it (decision 710): the pipeline (its page
// links the run), the commit the run shipped and who triggered it. Null without a run.
export const DeploymentDetailSchema = Type.Object(
  {
    ...DeploymentSchema.properties,
    pipelineId: Type.Union([Uuid, Type.Null()], {
      description: 'the pipeline whose run deployed it; null: no run, or the run is gone',
    }),
    pipelineName: Nullable(Type.String()),
    commitSha: Nullable(
      Type.String({ description: 'the commit the pipeline run was triggered with; null without a run' }),
    ),
    deployedByUsername: Nullable(
      Type.String({ description: 'the username of deployedBy; null when unknown or deleted' }),
    ),
  },
  { description: 'A deployment with its pipeline, commit and the name of who deployed it' },
);

export const DeploymentListQuery = Type.Object({
  componentId: Type.Optional(Uuid),
  environmentId: Type.Optional(Uuid),
  status: Type.Optional(Status),
  ...PageQuery.properties,
});
export type DeploymentListQuery = Static<typeof DeploymentListQuery>;

// Deployment events (decision 860): what CI/CD systems send to POST /api/v1/deployments/events.
export const EVENT_STATUSES = ['started', 'succeeded', 'failed', 'rolled_back'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Printable text without control characters (names shown in pages and logs). */
const Text = (max: number, description: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '^[^\\u0000-\\u001f\\u007f]+$', description });

export const DeploymentEventBody = Type.Object({
  source: Type.String({
    minLength: 1,
    maxLength: 100,
    pattern: '^[A-Za-z0-9][A-Za-z0-9._-]*$',
    description: 'who reports it: `github-actions`, `gitlab-ci`, `jenkins`, … (letters, digits, `.`, `_`, `-`)',
  }),
  externalId: Text(200, "the reporting system's id of this deployment: the same id in later events moves it"),
  component: Text(
    300,
    'an entity reference (`component:default/payments-service`, `payments-service`) or a component id',
  ),
  environment: Text(200, 'an environment name or id'),
  status: Type.Union(
    [Type.Literal('started'), Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('rolled_back')],
    {
      description: EVENT_STATUSES.join(', '),
    },
  ),
  version: Type.Optional(Text(100, 'the version deployed; default: the first 12 characters of revision')),
  revision: Type.Optional(Text(100, 'the commit deployed')),
  startedAt: Type.Optional(
    Type.String({ format: 'date-time', description: 'when it started (default: when the first event arrived)' }),
  ),
  finishedAt: Type.Optional(
    Type.String({ format: 'date-time', description: 'when it reached this status (default: now)' }),
  ),
  url: Type.Optional(
    Type.String({
      maxLength: 2000,
      pattern: '^https?://[^\\s]+$',
      description: 'an http(s) link to the run that deployed it',
    }),
  ),
});
export type DeploymentEventBody = Static<typeof DeploymentEventBody>;

export const DeploymentEventResult = Type.Object(
  {
    outcome: Type.Union([Type.Literal('created'), Type.Literal('moved'), Type.Literal('unchanged')], {
      description: 'created (201), moved to the new status, or unchanged (the same status again)',
    }),
    deployment: DeploymentSchema,
  },
  { description: 'What a deployment event did, and the deployment as it now stands' },
);
