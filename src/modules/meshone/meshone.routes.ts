import { Type } from 'typebox';
import { errorResponses } from '../../kernel/schemas.js';
import type { App } from '../../kernel/types.js';
import {
  AuthorizationPolicySchema,
  ClusterQuery,
  MeshOneStatusSchema,
  MetricSeriesSchema,
  MetricsQuery,
  NamespaceQuery,
  PeerAuthenticationSchema,
  TopologyEdgeSchema,
  VirtualServiceParams,
  VirtualServiceSchema,
  WeightsBody,
} from './meshone.schemas.js';
import type { MeshOneMetric } from './meshone.ports.js';
import type { MeshOneService } from './meshone.service.js';

const tags = ['meshone'];
const base = '/api/v1/meshone';
const errors = errorResponses(400, 401, 403, 503);

export async function meshOneRoutes(app: App, { service }: { service: MeshOneService }) {
  virtualServiceRoutes(app, { service });
  policyRoutes(app, { service });
  trafficRoutes(app, { service });
}

/** The installation's status and its virtual services, whose route weights can be set. */
function virtualServiceRoutes(app: App, { service }: { service: MeshOneService }) {
  app.get(
    `${base}/status`,
    {
      schema: {
        tags,
        operationId: 'getMeshOneStatus',
        summary: 'Istio installation status (deployments of istio-system)',
        querystring: ClusterQuery,
        response: { 200: MeshOneStatusSchema, ...errors },
      },
    },
    async (req) => service.status(req.caller, req.query),
  );

  app.get(
    `${base}/virtual-services`,
    {
      schema: {
        tags,
        operationId: 'listMeshOneVirtualServices',
        summary: 'Virtual services of a namespace',
        querystring: NamespaceQuery,
        response: { 200: Type.Array(VirtualServiceSchema), ...errors },
      },
    },
    async (req) => service.listVirtualServices(req.caller, req.query),
  );

  app.get(
    `${base}/virtual-services/:namespace/:name`,
    {
      schema: {
        tags,
        operationId: 'getMeshOneVirtualService',
        summary: 'One virtual service',
        params: VirtualServiceParams,
        querystring: ClusterQuery,
        response: { 200: VirtualServiceSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (req) => service.getVirtualService(req.caller, { ...req.params, clusterConfig: req.query.clusterConfig }),
  );

  app.patch(
    `${base}/virtual-services/:namespace/:name/weights`,
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        operationId: 'setMeshOneVirtualServiceWeights',
        summary: 'Set the weights of the first HTTP route (admin); written back as a JSON merge patch',
        params: VirtualServiceParams,
        body: WeightsBody,
        response: { 200: VirtualServiceSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (req) => service.setWeights(req.caller, req.params, req.body),
  );
}

/** The security policies: peer authentications and authorization policies. */
function policyRoutes(app: App, { service }: { service: MeshOneService }) {
  app.get(
    `${base}/peer-authentications`,
    {
      schema: {
        tags,
        operationId: 'listMeshOnePeerAuthentications',
        summary: 'Peer authentications (mTLS modes) of a namespace',
        querystring: NamespaceQuery,
        response: { 200: Type.Array(PeerAuthenticationSchema), ...errors },
      },
    },
    async (req) => service.listPeerAuthentications(req.caller, req.query),
  );

  app.get(
    `${base}/authorization-policies`,
    {
      schema: {
        tags,
        operationId: 'listMeshOneAuthorizationPolicies',
        summary: 'Authorization policies of a namespace',
        querystring: NamespaceQuery,
        response: { 200: Type.Array(AuthorizationPolicySchema), ...errors },
      },
    },
    async (req) => service.listAuthorizationPolicies(req.caller, req.query),
  );
}

/** What the mesh measures: the metric series and the service topology. */
function trafficRoutes(app: App, { service }: { service: MeshOneService }) {
  const metrics: [MeshOneMetric, string, string][] = [
    ['rps', 'getMeshOneRps', 'Requests per second of a service'],
    ['error-rate', 'getMeshOneErrorRate', 'Share of 5xx answers of a service'],
    ['latency', 'getMeshOneLatency', 'P99 latency (ms) of a service'],
  ];
  for (const [metric, operationId, summary] of metrics) {
    app.get(
      `${base}/metrics/${metric}`,
      {
        schema: {
          tags,
          operationId,
          summary,
          querystring: MetricsQuery,
          response: { 200: MetricSeriesSchema, ...errorResponses(400, 401, 502, 503) },
        },
      },
      async (req) => service.metric(req.caller, metric, req.query),
    );
  }

  app.get(
    `${base}/topology`,
    {
      schema: {
        tags,
        operationId: 'getMeshOneTopology',
        summary: 'Edges derived from the virtual services of a namespace',
        querystring: NamespaceQuery,
        response: { 200: Type.Array(TopologyEdgeSchema), ...errors },
      },
    },
    async (req) => service.topology(req.caller, req.query),
  );
}
