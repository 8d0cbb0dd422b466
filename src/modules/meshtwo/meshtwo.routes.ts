import { Type } from 'typebox';
import { errorResponses } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  AvailabilitySchema,
  ClusterQuery,
  LatencySchema,
  LinkerdAuthorizationPolicySchema,
  MeshTwoStatusSchema,
  MetricsQuery,
  NamespaceQuery,
  RangeQuery,
  RangeResultSchema,
  ServerAuthorizationSchema,
  ServiceProfileSchema,
  TopologyEdgeSchema,
} from './meshtwo.schemas.js';
import type { MeshTwoService } from './meshtwo.service.js';

const tags = ['meshtwo'];
const base = '/api/v1/meshtwo';
const errors = errorResponses(400, 401, 403, 503);
const metricErrors = errorResponses(400, 401, 502, 503);

export async function meshTwoRoutes(app: App, { service }: { service: MeshTwoService }) {
  policyRoutes(app, { service });
  trafficRoutes(app, { service });
}

/** Linkerd's status and availability, and its policies: server authorizations, authorization policies and service profiles. */
function policyRoutes(app: App, { service }: { service: MeshTwoService }) {
  app.get(
    `${base}/status`,
    {
      schema: {
        tags,
        operationId: 'getMeshTwoStatus',
        summary: 'Linkerd control plane status (deployments of linkerd)',
        querystring: ClusterQuery,
        response: { 200: MeshTwoStatusSchema, ...errors },
      },
    },
    async (req) => service.status(req.caller, req.query),
  );

  app.get(
    `${base}/available`,
    {
      schema: {
        tags,
        operationId: 'getMeshTwoAvailability',
        summary: 'Whether Linkerd (namespace and CRDs) is present',
        response: { 200: AvailabilitySchema, ...errorResponses(401) },
      },
    },
    async (req) => service.available(req.caller),
  );

  app.get(
    `${base}/server-authorizations`,
    {
      schema: {
        tags,
        operationId: 'listMeshTwoServerAuthorizations',
        summary: 'Server authorizations of a namespace',
        querystring: NamespaceQuery,
        response: { 200: Type.Array(ServerAuthorizationSchema), ...errors },
      },
    },
    async (req) => service.listServerAuthorizations(req.caller, req.query),
  );

  app.get(
    `${base}/authorization-policies`,
    {
      schema: {
        tags,
        operationId: 'listMeshTwoAuthorizationPolicies',
        summary: 'Authorization policies of a namespace',
        querystring: NamespaceQuery,
        response: { 200: Type.Array(LinkerdAuthorizationPolicySchema), ...errors },
      },
    },
    async (req) => service.listAuthorizationPolicies(req.caller, req.query),
  );

  app.get(
    `${base}/service-profiles`,
    {
      schema: {
        tags,
        operationId: 'listMeshTwoServiceProfiles',
        summary: 'Service profiles of a namespace',
        querystring: NamespaceQuery,
        response: { 200: Type.Array(ServiceProfileSchema), ...errors },
      },
    },
    async (req) => service.listServiceProfiles(req.caller, req.query),
  );
}

/** What the mesh measures: requests per second, error rate, latency and the service topology. */
function trafficRoutes(app: App, { service }: { service: MeshTwoService }) {
  app.get(
    `${base}/metrics/rps`,
    {
      schema: {
        tags,
        operationId: 'getMeshTwoRps',
        summary: 'Inbound requests per second of a deployment',
        querystring: MetricsQuery,
        response: { 200: RangeResultSchema, ...metricErrors },
      },
    },
    async (req) => service.rps(req.caller, req.query),
  );

  app.get(
    `${base}/metrics/error-rate`,
    {
      schema: {
        tags,
        operationId: 'getMeshTwoErrorRate',
        summary: 'Inbound failure rate of a deployment',
        querystring: MetricsQuery,
        response: { 200: RangeResultSchema, ...metricErrors },
      },
    },
    async (req) => service.errorRate(req.caller, req.query),
  );

  app.get(
    `${base}/metrics/latency`,
    {
      schema: {
        tags,
        operationId: 'getMeshTwoLatency',
        summary: 'Inbound latency quantiles (ms) of a deployment',
        querystring: MetricsQuery,
        response: { 200: LatencySchema, ...metricErrors },
      },
    },
    async (req) => service.latency(req.caller, req.query),
  );

  app.get(
    `${base}/topology`,
    {
      schema: {
        tags,
        operationId: 'getMeshTwoTopology',
        summary: 'Deployment edges from meshed outbound traffic',
        querystring: RangeQuery,
        response: { 200: Type.Array(TopologyEdgeSchema), ...metricErrors },
      },
    },
    async (req) => service.topology(req.caller, req.query),
  );
}
