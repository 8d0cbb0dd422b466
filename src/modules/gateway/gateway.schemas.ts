import { Type, type Static } from 'typebox';
import { Nullable, Timestamp, Uuid } from '../../kernel/schemas.js';
import { PageNumberQuery } from '../../kernel/pagination.js';

export const GatewayRouteSchema = Type.Object(
  {
    id: Uuid,
    externalId: Type.String(),
    name: Type.String(),
    paths: Type.Array(Type.String()),
    methods: Type.Array(Type.String()),
    tags: Type.Array(Type.String()),
    gatewayType: Type.String({ description: '`alpha` (Kong) or `beta` (Amazon API Gateway)' }),
    syncedAt: Timestamp,
    componentId: Nullable(Uuid),
    stale: Type.Boolean({ description: 'true once a sync no longer finds the route upstream' }),
    staleSince: Nullable(Timestamp),
  },
  { description: 'A route read from an API gateway' },
);
export const RoutePage = Type.Object({
  data: Type.Array(GatewayRouteSchema),
  total: Type.Integer(),
  page: Type.Integer(),
  limit: Type.Integer(),
});

export const RouteQuery = Type.Object({
  gatewayType: Type.Optional(Type.Union([Type.Literal('alpha'), Type.Literal('beta')])),
  componentId: Type.Optional(Uuid),
  stale: Type.Optional(Type.Boolean()),
  ...PageNumberQuery.properties,
});
export type RouteQuery = Static<typeof RouteQuery>;

export const LinkRouteBody = Type.Object({ componentId: Nullable(Uuid) }, { additionalProperties: false });

export const SyncResultSchema = Type.Object({
  synced: Type.Integer(),
  errors: Type.Array(Type.Object({ gatewayType: Type.String(), message: Type.String() })),
});
export const HealthCheckSchema = Type.Object({
  id: Uuid,
  routeId: Uuid,
  status: Type.Union([Type.Literal('up'), Type.Literal('degraded'), Type.Literal('down')]),
  latencyMs: Type.Integer(),
  checkedAt: Timestamp,
});
export const HealthListSchema = Type.Object({ data: Type.Array(HealthCheckSchema) });
export const CheckSummarySchema = Type.Object({
  checked: Type.Integer(),
  up: Type.Integer(),
  degraded: Type.Integer(),
  down: Type.Integer(),
});
