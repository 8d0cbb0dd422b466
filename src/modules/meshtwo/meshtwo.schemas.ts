import { Type, type Static } from 'typebox';

/** A Kubernetes namespace name (RFC 1123 label). */
export const Namespace = Type.String({ minLength: 1, maxLength: 63, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' });
const ClusterConfigQuery = Type.Optional(
  Type.String({
    maxLength: 1_048_576,
    description: 'Kubeconfig text, or a file path under the folder of CLUSTER_CONFIG_PATH (admins only)',
  }),
);

export const MeshTwoStatusSchema = Type.Object(
  {
    installed: Type.Boolean(),
    components: Type.Array(
      Type.Object({ name: Type.String(), ready: Type.Boolean(), version: Type.Optional(Type.String()) }),
    ),
  },
  { title: 'MeshTwoStatus' },
);
export type MeshTwoStatus = Static<typeof MeshTwoStatusSchema>;

export const AvailabilitySchema = Type.Object(
  { available: Type.Boolean(), reason: Type.Optional(Type.String()) },
  { title: 'MeshTwoAvailability' },
);
export type Availability = Static<typeof AvailabilitySchema>;

export const ServerAuthorizationSchema = Type.Object(
  { name: Type.String(), namespace: Type.String(), server: Type.String(), clients: Type.Array(Type.String()) },
  { title: 'MeshTwoServerAuthorization' },
);
export type ServerAuthorization = Static<typeof ServerAuthorizationSchema>;

const Ref = Type.Object({ kind: Type.String(), name: Type.String() });
export const LinkerdAuthorizationPolicySchema = Type.Object(
  { name: Type.String(), namespace: Type.String(), targetRef: Ref, requiredAuthenticationRefs: Type.Array(Ref) },
  { title: 'MeshTwoAuthorizationPolicy' },
);
export type LinkerdAuthorizationPolicy = Static<typeof LinkerdAuthorizationPolicySchema>;

export const ServiceProfileSchema = Type.Object(
  {
    name: Type.String(),
    namespace: Type.String(),
    routes: Type.Array(
      Type.Object({
        name: Type.String(),
        condition: Type.Object({ method: Type.Optional(Type.String()), pathRegex: Type.Optional(Type.String()) }),
        isRetryable: Type.Boolean(),
        timeout: Type.String(),
      }),
    ),
  },
  { title: 'MeshTwoServiceProfile' },
);
export type ServiceProfile = Static<typeof ServiceProfileSchema>;

export const RangeResultSchema = Type.Object(
  {
    query: Type.String(),
    timeseries: Type.Array(
      Type.Object({
        metric: Type.Record(Type.String(), Type.String()),
        values: Type.Array(Type.Tuple([Type.Number(), Type.String()])),
      }),
    ),
  },
  { title: 'PrometheusRangeResult' },
);
export type RangeResult = Static<typeof RangeResultSchema>;

export const LatencySchema = Type.Object(
  { p50: RangeResultSchema, p95: RangeResultSchema, p99: RangeResultSchema },
  { title: 'MeshTwoLatency' },
);

export const TopologyEdgeSchema = Type.Object(
  { source: Type.String(), destination: Type.String(), namespace: Type.String(), rps: Type.Optional(Type.Number()) },
  { title: 'MeshTwoTopologyEdge' },
);
export type TopologyEdge = Static<typeof TopologyEdgeSchema>;

export const NamespaceQuery = Type.Object({ namespace: Namespace, clusterConfig: ClusterConfigQuery });
export const ClusterQuery = Type.Object({ clusterConfig: ClusterConfigQuery });
export const MetricsQuery = Type.Object({
  deployment: Type.String({ minLength: 1, maxLength: 253 }),
  namespace: Namespace,
  range: Type.String({ default: '5m', maxLength: 16, description: '<n>[smhd]' }),
});
export const RangeQuery = Type.Object({
  range: Type.String({ default: '5m', maxLength: 16, description: '<n>[smhd]' }),
});
