import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from '../../kernel/schemas.js';

const Name = Type.String({ minLength: 1, maxLength: 253, pattern: '^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$' });
/** A Kubernetes namespace name (RFC 1123 label). */
export const Namespace = Type.String({ minLength: 1, maxLength: 63, pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' });

export const ClusterConfigQuery = Type.Optional(
  Type.String({ maxLength: 1_048_576, description: 'Base64 kubeconfig overriding CLUSTER_CONFIG_PATH (admins only)' }),
);

export const MeshOneStatusSchema = Type.Object(
  {
    installed: Type.Boolean(),
    version: Nullable(Type.String()),
    components: Type.Array(
      Type.Object({ name: Type.String(), ready: Type.Boolean(), version: Nullable(Type.String()) }),
    ),
  },
  { title: 'MeshOneStatus' },
);
export type MeshOneStatus = Static<typeof MeshOneStatusSchema>;

const Destination = Type.Object({ host: Type.String(), subset: Type.Optional(Type.String()) });
export const VirtualServiceSchema = Type.Object(
  {
    name: Type.String(),
    namespace: Type.String(),
    hosts: Type.Array(Type.String()),
    http: Type.Array(
      Type.Object({ route: Type.Array(Type.Object({ destination: Destination, weight: Type.Number() })) }),
    ),
  },
  { title: 'MeshOneVirtualService' },
);
export type VirtualService = Static<typeof VirtualServiceSchema>;

export const PeerAuthenticationSchema = Type.Object(
  {
    name: Type.String(),
    namespace: Type.String(),
    mtlsMode: Type.Union([
      Type.Literal('STRICT'),
      Type.Literal('PERMISSIVE'),
      Type.Literal('DISABLE'),
      Type.Literal('UNSET'),
    ]),
    createdAt: Nullable(Timestamp),
  },
  { title: 'MeshOnePeerAuthentication' },
);
export type PeerAuthentication = Static<typeof PeerAuthenticationSchema>;

export const AuthorizationPolicySchema = Type.Object(
  {
    name: Type.String(),
    namespace: Type.String(),
    action: Type.String(),
    rules: Type.Array(Type.Record(Type.String(), Type.Unknown())),
    createdAt: Nullable(Timestamp),
  },
  { title: 'MeshOneAuthorizationPolicy' },
);
export type AuthorizationPolicy = Static<typeof AuthorizationPolicySchema>;

export const MetricSeriesSchema = Type.Object(
  {
    metric: Type.String(),
    service: Type.String(),
    namespace: Type.String(),
    timeseries: Type.Array(Type.Object({ timestamp: Type.Number(), value: Type.Number() })),
  },
  { title: 'MeshOneMetricSeries' },
);
export type MetricSeries = Static<typeof MetricSeriesSchema>;

export const TopologyEdgeSchema = Type.Object(
  { source: Type.String(), destination: Type.String(), weight: Type.Number() },
  { title: 'MeshOneTopologyEdge' },
);
export type TopologyEdge = Static<typeof TopologyEdgeSchema>;

export const NamespaceQuery = Type.Object({ namespace: Namespace, clusterConfig: ClusterConfigQuery });
export const ClusterQuery = Type.Object({ clusterConfig: ClusterConfigQuery });
export const VirtualServiceParams = Type.Object({ namespace: Namespace, name: Name });
export const MetricsQuery = Type.Object({
  service: Type.String({ minLength: 1, maxLength: 253 }),
  namespace: Namespace,
  range: Type.String({ default: '1h', maxLength: 16, description: '<n>[smhd]' }),
});

export const WeightsBody = Type.Object(
  {
    weights: Type.Array(
      Type.Object(
        {
          destination: Type.String({ minLength: 1, maxLength: 253 }),
          weight: Type.Integer({ minimum: 0, maximum: 100 }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 100 },
    ),
    clusterConfig: Type.Optional(Type.String({ maxLength: 1_048_576 })),
  },
  { additionalProperties: false },
);
export type WeightsBody = Static<typeof WeightsBody>;
