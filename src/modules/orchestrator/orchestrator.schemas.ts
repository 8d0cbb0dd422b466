import { Type, type Static } from 'typebox';

export const WorkloadSchema = Type.Object(
  {
    name: Type.String(),
    namespace: Type.String(),
    replicas: Type.Number(),
    readyReplicas: Type.Number(),
    image: Type.String(),
    labels: Type.Record(Type.String(), Type.String()),
  },
  { title: 'Workload' },
);
export type Workload = Static<typeof WorkloadSchema>;

export const CrdResourceSchema = Type.Object(
  {
    name: Type.String(),
    group: Type.String(),
    kind: Type.String(),
    scope: Type.Union([Type.Literal('Namespaced'), Type.Literal('Cluster')]),
    versions: Type.Array(Type.String()),
    operatorName: Type.String(),
  },
  { title: 'CrdResource' },
);
export type CrdResource = Static<typeof CrdResourceSchema>;

export const ROLLOUT_PHASES = ['Healthy', 'Progressing', 'Degraded', 'Paused'] as const;
export type RolloutPhase = (typeof ROLLOUT_PHASES)[number];

export const RolloutStatusSchema = Type.Object(
  {
    name: Type.String(),
    namespace: Type.String(),
    phase: Type.Union([
      Type.Literal('Healthy'),
      Type.Literal('Progressing'),
      Type.Literal('Degraded'),
      Type.Literal('Paused'),
    ]),
    replicas: Type.Number(),
    readyReplicas: Type.Number(),
    currentStepIndex: Type.Number(),
    totalSteps: Type.Number(),
  },
  { title: 'RolloutStatus' },
);
export type RolloutStatus = Static<typeof RolloutStatusSchema>;

export const SyncResultSchema = Type.Object({ synced: Type.Integer() }, { title: 'OrchestratorSyncResult' });

const Label = Type.String({ minLength: 1, maxLength: 253 });
export const ComponentNameParams = Type.Object({ componentName: Type.String({ minLength: 1, maxLength: 253 }) });
export const GroupParams = Type.Object({ group: Label });
export const RolloutsQuery = Type.Object({
  namespace: Type.Optional(Type.String({ minLength: 1, maxLength: 63, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' })),
});
