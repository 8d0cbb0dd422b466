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

export const DeploymentListQuery = Type.Object({
  componentId: Type.Optional(Uuid),
  environmentId: Type.Optional(Uuid),
  status: Type.Optional(Status),
  ...PageQuery.properties,
});
export type DeploymentListQuery = Static<typeof DeploymentListQuery>;
