import { Type, type Static } from 'typebox';
import { Page, PageQuery } from '../../kernel/pagination.js';
import { Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';

// Rows carry Date objects; the serialiser writes them as ISO 8601 strings.

export const DEPLOYMENT_STATUSES = ['pending', 'in_progress', 'succeeded', 'failed', 'rolled_back'] as const;
export type DeploymentStatus = (typeof DEPLOYMENT_STATUSES)[number];
const Status = Type.Union(
  [Type.Literal('pending'), Type.Literal('in_progress'), Type.Literal('succeeded'), Type.Literal('failed'), Type.Literal('rolled_back')],
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
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { description: 'A deployment of a component version to an environment, written by a pipeline deploy stage' },
);
export const DeploymentPage = Page(DeploymentSchema);

// One deployment with what its pipeline run says about it (decision 710): the pipeline (its page
// links the run), the commit the run shipped and who triggered it. Null without a run.
export const DeploymentDetailSchema = Type.Object(
  {
    ...DeploymentSchema.properties,
    pipelineId: Type.Union([Uuid, Type.Null()], { description: 'the pipeline whose run deployed it; null: no run, or the run is gone' }),
    pipelineName: Nullable(Type.String()),
    commitSha: Nullable(Type.String({ description: 'the commit the pipeline run was triggered with; null without a run' })),
    deployedByUsername: Nullable(Type.String({ description: 'the username of deployedBy; null when unknown or deleted' })),
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
