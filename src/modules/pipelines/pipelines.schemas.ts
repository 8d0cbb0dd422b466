import { Type, type Static } from 'typebox';
import { JsonObject, Nullable, NullableTimestamp, Timestamp, Uuid } from '../../kernel/schemas.js';
import { PageNumberQuery } from '../../kernel/pagination.js';

// Rows carry Date objects; the serialiser writes them as ISO 8601 strings.

export const STAGE_TYPES = ['script', 'approval', 'deploy', 'notify', 'build'] as const;
export type StageType = (typeof STAGE_TYPES)[number];
export const BUILD_ENGINES = ['oci_a', 'oci_b', 'oci_c'] as const;
export const RUN_STATUSES = ['queued', 'running', 'waiting_approval', 'succeeded', 'failed', 'cancelled'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const TERMINAL: readonly RunStatus[] = ['succeeded', 'failed', 'cancelled'];

export const PipelineStageSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    type: Type.String({ description: STAGE_TYPES.join(', ') }),
    order: Type.Number(),
    config: JsonObject,
  },
  { description: 'One stage; `config` by type as decision 610 describes it (defaults filled in)' },
);

export const PipelineSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  stages: Type.Array(PipelineStageSchema),
  organizationId: Nullable(Uuid),
  componentId: Type.Union([Uuid, Type.Null()], {
    description: "The catalog entity it delivers: its owning team's members run it (docs/modules/permissions.md)",
  }),
  createdBy: Uuid,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const PipelinePage = Type.Object({
  data: Type.Array(PipelineSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});

export const StageResultSchema = Type.Object(
  {
    stageId: Type.String(),
    status: Type.String({
      description:
        'succeeded, failed, skipped (after a failure, cancel or reject) or waiting (an approval gate); a stage still executing has no result yet',
    }),
    startedAt: NullableTimestamp,
    finishedAt: NullableTimestamp,
    output: Type.String({ description: "the last 64 KiB of the stage's output" }),
  },
  {
    additionalProperties: true,
    description: 'Approval stages add approvedBy/rejectedBy and decidedAt; deploy stages add deploymentId',
  },
);

export const PipelineRunSchema = Type.Object({
  id: Uuid,
  pipelineId: Uuid,
  status: Type.String({ description: RUN_STATUSES.join(', ') }),
  triggeredBy: Uuid,
  version: Type.String(),
  commitSha: Type.String(),
  startedAt: NullableTimestamp,
  finishedAt: NullableTimestamp,
  durationMs: Nullable(Type.Integer()),
  logs: Type.String(),
  stageResults: Type.Array(StageResultSchema),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export const PipelineRunList = Type.Array(PipelineRunSchema, {
  description: 'The last 50 runs, newest first; `logs` holds the last 4 KiB',
});

const Name = Type.String({ minLength: 2, maxLength: 100 });
const Description = Type.String({ maxLength: 2000 });
// Stage fields are checked by the service, so a bad stage answers 400 naming the stage and field.
const StagesInput = Type.Array(JsonObject, { maxItems: 100 });

export const CreatePipelineBody = Type.Object(
  {
    name: Name,
    description: Type.Optional(Description),
    stages: Type.Optional(StagesInput),
    organizationId: Type.Optional(Nullable(Uuid)),
    componentId: Type.Optional(Nullable(Uuid)),
  },
  { additionalProperties: false },
);
export type CreatePipelineBody = Static<typeof CreatePipelineBody>;

export const UpdatePipelineBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    stages: Type.Optional(StagesInput),
    organizationId: Type.Optional(Nullable(Uuid)),
    componentId: Type.Optional(Nullable(Uuid)),
  },
  { additionalProperties: false },
);
export type UpdatePipelineBody = Static<typeof UpdatePipelineBody>;

export const PipelineListQuery = Type.Object({
  ...PageNumberQuery.properties,
  organizationId: Type.Optional(Uuid),
  search: Type.Optional(
    Type.String({
      maxLength: 200,
      description: 'Case-insensitive substring of the name or description (decision 721)',
    }),
  ),
});
export type PipelineListQuery = Static<typeof PipelineListQuery>;

export const TriggerBody = Type.Object(
  {
    version: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_][A-Za-z0-9_.+-]*$' })),
    commitSha: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9]+$' })),
  },
  { additionalProperties: false },
);
export type TriggerBody = Static<typeof TriggerBody>;

export const RunParams = Type.Object({ id: Uuid, runId: Uuid });
export type RunParams = Static<typeof RunParams>;
