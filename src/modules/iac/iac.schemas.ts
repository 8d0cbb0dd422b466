import { Type, type Static } from 'typebox';
import { EmptyResponse, Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';
import { PageNumberQuery } from '../../kernel/pagination.js';

const NullableTimestamp = Nullable(Timestamp);
export const NoContent = EmptyResponse;

type StrOpts = { minLength?: number; maxLength: number; description?: string };
// NUL characters never get this far: the JSON body parser refuses them for every route (400).
const Text = (opts: StrOpts) => Type.String(opts);

/** Ingestion payloads may be large (topology of 10,000 nodes + 20,000 edges is ~4 MB of JSON). */
export const INGEST_BODY_LIMIT = 32 * 1024 * 1024;
export const MAX_RESOURCES = 50_000;
export const MAX_DEPENDENCIES = 100_000;

const Name = Text({ minLength: 1, maxLength: 200 });
const Env = Text({ minLength: 1, maxLength: 100 });
const Short = Text({ maxLength: 200 });
const Url = Text({ maxLength: 2048 });
const Count = Type.Integer({ minimum: 0, maximum: 2_147_483_647 });

// Enums as JSON-schema `enum` (not unions of literals): a wrong value gets the readable 400
// "status must be one of: pending, running, …" from the error handler.
export const RunType = Type.Enum(['plan', 'apply'], { description: 'plan or apply' });
export const RunStatus = Type.Enum(['pending', 'running', 'succeeded', 'failed', 'cancelled'], {
  description: 'pending, running, succeeded, failed or cancelled',
});

export const ResourceChanges = Type.Object({ add: Type.Integer(), change: Type.Integer(), destroy: Type.Integer() });
export type ResourceChanges = Static<typeof ResourceChanges>;

// ---- ingestion bodies ----

export const StackImportBody = Type.Object({
  stacks: Type.Array(
    Type.Object({
      name: Name,
      environment: Env,
      provider: Type.Optional(Nullable(Short)),
      repositoryUrl: Type.Optional(Nullable(Url)),
      basePath: Type.Optional(Nullable(Text({ maxLength: 1024 }))),
      externalToolUrl: Type.Optional(Nullable(Url)),
      componentId: Type.Optional(Nullable(Uuid)),
    }),
    { maxItems: 5000 },
  ),
});
export type StackImportBody = Static<typeof StackImportBody>;

export const StackImportResult = Type.Object({ created: Type.Integer(), updated: Type.Integer() });

export const RunIngestBody = Type.Object({
  stackName: Name,
  environment: Env,
  type: RunType,
  status: RunStatus,
  // "The engine value of the run" (engine_a…); kept free text: a reporter naming its tool otherwise
  // (or a cloud provider) must not lose the whole run report over it.
  provider: Type.Optional(
    Nullable(Type.String({ maxLength: 200, description: 'engine value of the run, e.g. engine_a' })),
  ),
  resourceChanges: Type.Optional(
    Type.Object(
      { add: Type.Optional(Count), change: Type.Optional(Count), destroy: Type.Optional(Count) },
      { description: 'missing counts are 0' },
    ),
  ),
  triggeredBy: Type.Optional(Nullable(Text({ maxLength: 500 }))),
  pipelineUrl: Type.Optional(Nullable(Url)),
  startedAt: Type.Optional(
    Nullable(Type.String({ format: 'date-time', description: 'defaults to the ingestion time' })),
  ),
  finishedAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  durationMs: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 0,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'computed from startedAt and finishedAt when omitted',
      }),
    ),
  ),
});
export type RunIngestBody = Static<typeof RunIngestBody>;

export const DriftIngestBody = Type.Object({
  modules: Type.Array(
    Type.Object({
      stackPath: Text({ minLength: 1, maxLength: 1024 }),
      moduleName: Text({ minLength: 1, maxLength: 500 }),
      sourceUrl: Text({ minLength: 1, maxLength: 2048 }),
      currentRef: Text({ minLength: 1, maxLength: 200 }),
      latestRef: Text({ minLength: 1, maxLength: 200 }),
    }),
    { maxItems: 10_000 },
  ),
});
export type DriftIngestBody = Static<typeof DriftIngestBody>;

export const ResourceNode = Type.Object({
  address: Text({ minLength: 1, maxLength: 1024 }),
  type: Text({ maxLength: 300 }),
  provider: Text({ maxLength: 500 }),
  name: Text({ maxLength: 500 }),
});
export type ResourceNode = Static<typeof ResourceNode>;

/** Input node: only `address` is needed; `type`, `name` and `provider` default from it (see iac.topology.ts). */
const ResourceNodeInput = Type.Object({
  address: Text({ minLength: 1, maxLength: 1024 }),
  type: Type.Optional(Text({ maxLength: 300, description: 'defaults to the type part of the address' })),
  provider: Type.Optional(Text({ maxLength: 500, description: 'defaults to the prefix of the type (aws_vpc: aws)' })),
  name: Type.Optional(Text({ maxLength: 500, description: 'defaults to the name part of the address' })),
});

export const TopologyIngestBody = Type.Object({
  resources: Type.Array(ResourceNodeInput, { maxItems: MAX_RESOURCES }),
  dependencies: Type.Optional(
    Type.Array(
      Type.Object({
        sourceAddress: Text({ minLength: 1, maxLength: 1024 }),
        targetAddress: Text({ minLength: 1, maxLength: 1024 }),
      }),
      {
        maxItems: MAX_DEPENDENCIES,
        description: 'defaults to none',
      },
    ),
  ),
});
export type TopologyIngestBody = Static<typeof TopologyIngestBody>;

// ---- responses ----

export const IacRunSchema = Type.Object({
  id: Uuid,
  stackId: Uuid,
  stackName: Type.String(),
  environment: Type.String(),
  provider: Nullable(Type.String()),
  type: Type.String(),
  status: Type.String(),
  resourceChanges: ResourceChanges,
  triggeredBy: Nullable(Type.String()),
  pipelineUrl: Nullable(Type.String()),
  startedAt: Timestamp,
  finishedAt: NullableTimestamp,
  durationMs: Nullable(Type.Integer()),
  createdAt: Timestamp,
});

export const RunSummary = Type.Object({
  id: Uuid,
  type: Type.String(),
  status: Type.String(),
  resourceChanges: ResourceChanges,
  triggeredBy: Nullable(Type.String()),
  startedAt: Timestamp,
  durationMs: Nullable(Type.Integer()),
});

export const IacStackSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  environment: Type.String(),
  provider: Nullable(Type.String()),
  repositoryUrl: Nullable(Type.String()),
  basePath: Nullable(Type.String()),
  externalToolUrl: Nullable(Type.String()),
  componentId: Nullable(Uuid),
  latestRun: Nullable(RunSummary),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const StackQuery = Type.Object({
  environment: Type.Optional(Text({ minLength: 1, maxLength: 100 })),
  componentId: Type.Optional(Uuid),
});
export type StackQuery = Static<typeof StackQuery>;

export const RunPageQuery = PageNumberQuery;
export type RunPageQuery = Static<typeof RunPageQuery>;

export const RunPage = Type.Object({ data: Type.Array(IacRunSchema), total: Type.Integer() });

export const Topology = Type.Object({
  nodes: Type.Array(ResourceNode),
  edges: Type.Array(Type.Object({ source: Type.String(), target: Type.String() })),
});

export const DriftRecord = Type.Object({
  id: Uuid,
  stackPath: Type.String(),
  moduleName: Type.String(),
  sourceUrl: Type.String(),
  currentRef: Type.String(),
  latestRef: Type.String(),
  versionsBehind: Type.Integer(),
  moduleId: Nullable(Uuid),
  latestKnownVersion: Nullable(Type.String()),
  detectedAt: Timestamp,
});

export const Dashboard = Type.Object({
  totalStacks: Type.Integer(),
  failedLastRun: Type.Integer(),
  environments: Type.Array(Type.String()),
  stacksByEnvironment: Type.Record(
    Type.String(),
    Type.Array(
      Type.Object({
        stackId: Uuid,
        name: Type.String(),
        provider: Nullable(Type.String()),
        lastRunStatus: Nullable(Type.String()),
        lastRunType: Nullable(Type.String()),
        lastRunAt: NullableTimestamp,
        resourceChanges: Nullable(ResourceChanges),
        externalToolUrl: Nullable(Type.String()),
      }),
    ),
  ),
});
export type Dashboard = Static<typeof Dashboard>;
export type DashboardEntry = Dashboard['stacksByEnvironment'][string][number];
