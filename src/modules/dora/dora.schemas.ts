import { Type, type Static } from 'typebox';
import { Page, PageQuery } from '../../kernel/pagination.js';
import { Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';

const SCOPES = ['organization', 'component', 'team', 'environment'] as const;

const Band = Type.Union(
  [Type.Literal('elite'), Type.Literal('high'), Type.Literal('medium'), Type.Literal('low'), Type.Null()],
  {
    description: 'performance band of the 2024 DORA report; null: no figure in the window',
  },
);
const DateText = Type.String({
  maxLength: 40,
  description:
    'a UTC date (2026-01-31, a whole day) or an ISO 8601 date-time; from defaults to 30 days before to, to to now',
});

// Enums (not unions of literals) so a 400 lists the allowed values.
export const SliceQuery = Type.Object({
  scope: Type.Enum([...SCOPES], {
    default: 'organization',
    description: 'organization (the current one, X-Organization-Id), component, team or environment',
  }),
  id: Type.Optional(Uuid),
  from: Type.Optional(DateText),
  to: Type.Optional(DateText),
});
export type SliceQuery = Static<typeof SliceQuery>;

export const MetricsSchema = Type.Object(
  {
    scope: Type.String(),
    id: Nullable(Uuid),
    organizationId: Nullable(Uuid),
    from: Timestamp,
    to: Timestamp,
    days: Type.Number({ description: 'length of the window in days' }),
    band: Band,
    bandSource: Type.String(),
    deploymentFrequency: Type.Object({
      deployments: Type.Integer({
        description: 'successful deployments (rolled-back ones included: they were deployed)',
      }),
      perDay: Type.Number(),
      perWeek: Type.Number(),
      band: Band,
    }),
    changeLeadTime: Type.Object({
      medianSeconds: Nullable(Type.Number()),
      changes: Type.Integer({ description: 'commits counted (lead time ≥ 0)' }),
      skewedExcluded: Type.Integer({
        description: 'commits dated after their deployment (clock skew): excluded from the median',
      }),
      deploymentsPending: Type.Integer({ description: 'deployments whose commits are still being read' }),
      deploymentsWithoutRepository: Type.Integer(),
      deploymentsWithoutRevision: Type.Integer(),
      deploymentsUnreadable: Type.Integer({ description: 'deployments whose commits could not be read from git' }),
      band: Band,
    }),
    changeFailureRate: Type.Object({
      rate: Nullable(
        Type.Number({ minimum: 0, maximum: 1, description: 'failed deployments / deployments; never above 1' }),
      ),
      failedDeployments: Type.Integer(),
      deployments: Type.Integer(),
      rolledBack: Type.Integer(),
      withIncidents: Type.Integer(),
      band: Band,
    }),
    failedDeploymentRecoveryTime: Type.Object({
      medianSeconds: Nullable(Type.Number()),
      recovered: Type.Integer(),
      unrecovered: Type.Integer({ description: 'failed deployments with an incident still unresolved' }),
      band: Band,
    }),
    series: Type.Array(
      Type.Object({
        date: Type.String({ description: 'UTC day, YYYY-MM-DD' }),
        deployments: Type.Integer(),
        failedDeployments: Type.Integer(),
        changes: Type.Integer(),
        medianLeadSeconds: Nullable(Type.Number()),
        medianRecoverySeconds: Nullable(Type.Number()),
      }),
    ),
  },
  { description: 'The four DORA keys of a scope over a window, with their bands and a daily series' },
);

const BoolText = Type.Enum(['true', 'false']);

export const DeploymentsDrillQuery = Type.Object({
  ...SliceQuery.properties,
  failed: Type.Optional(BoolText),
  ...PageQuery.properties,
});
export type DeploymentsDrillQuery = Static<typeof DeploymentsDrillQuery>;
export const ChangesDrillQuery = Type.Object({
  ...SliceQuery.properties,
  skewed: Type.Optional(BoolText),
  ...PageQuery.properties,
});
export type ChangesDrillQuery = Static<typeof ChangesDrillQuery>;
export const IncidentsDrillQuery = Type.Object({ ...SliceQuery.properties, ...PageQuery.properties });
export type IncidentsDrillQuery = Static<typeof IncidentsDrillQuery>;

export const DrillDeployment = Type.Object({
  deploymentId: Uuid,
  componentId: Uuid,
  componentName: Type.String(),
  environmentId: Uuid,
  environmentName: Type.String(),
  version: Type.String(),
  revision: Nullable(Type.String()),
  deployedAt: Timestamp,
  rolledBackAt: Nullable(Timestamp),
  failed: Type.Boolean(),
  incidentIds: Type.Array(Uuid),
  recoverySeconds: Nullable(Type.Number()),
  changesStatus: Type.String({ description: 'pending, read, no_repository, no_revision or failed' }),
  changesError: Nullable(Type.String()),
  changeCount: Type.Integer(),
  skewedCount: Type.Integer(),
});
export const DrillChange = Type.Object({
  deploymentId: Uuid,
  sha: Type.String(),
  committedAt: Timestamp,
  deployedAt: Timestamp,
  leadSeconds: Type.Number(),
  skewed: Type.Boolean({ description: 'committed after it was deployed: excluded from the lead time' }),
  componentId: Uuid,
  componentName: Type.String(),
  environmentId: Uuid,
});
export const DrillIncident = Type.Object({
  incidentId: Uuid,
  title: Type.String(),
  severity: Type.String(),
  status: Type.String(),
  createdAt: Timestamp,
  resolvedAt: Nullable(Timestamp),
  deploymentId: Uuid,
  deployedAt: Timestamp,
  componentId: Uuid,
  componentName: Type.String(),
});
export const DrillDeploymentPage = Page(DrillDeployment);
export const DrillChangePage = Page(DrillChange);
export const DrillIncidentPage = Page(DrillIncident);

export const SuggestedCause = Type.Object({
  deploymentId: Uuid,
  componentId: Uuid,
  componentName: Type.String(),
  environmentId: Uuid,
  environmentName: Type.String(),
  version: Type.String(),
  deployedAt: Timestamp,
  minutesBeforeIncident: Type.Number(),
});
