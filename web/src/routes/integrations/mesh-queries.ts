// TanStack Query hooks of the two service meshes (mesh one: Istio, mesh two: Linkerd): their golden
// signals, and their configuration read per namespace (issue 24), split from queries.ts (decision 947).
import { useQueries, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { OkBody } from '../../api/types';
import { integrationKeys } from './keys';
import { useAction, useGet } from './query-kit';

export type MeshSeries = OkBody<'getMeshOneRps'>;

export const MESH_SIGNALS = [
  { id: 'rps', label: 'Requests per second', unit: 'req/s', path: '/api/v1/meshone/metrics/rps' },
  { id: 'error-rate', label: 'Error rate (5xx share)', unit: '', path: '/api/v1/meshone/metrics/error-rate' },
  { id: 'latency', label: 'Latency p99', unit: 'ms', path: '/api/v1/meshone/metrics/latency' },
] as const;

/** Mesh one's three golden signals of a service (Prometheus behind the server, decision 616). */
export function useMeshSignals(service: string, namespace: string, range: string) {
  return useQueries({
    queries: MESH_SIGNALS.map((m) => ({
      queryKey: integrationKeys.of('mesh', m.id, service, namespace, range),
      enabled: !!service && !!namespace,
      retry: false,
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        unwrap(await api.GET(m.path, { params: { query: { service, namespace, range } }, signal })),
    })),
  });
}

// The meshes' configuration (issue 24): Istio's routing and security resources and Linkerd's, each read
// per namespace; the Istio weights patch is the one admin action (the server validates, decision 766).
export type MeshOneVirtualService = OkBody<'getMeshOneVirtualService'>;
export type MeshTwoRange = OkBody<'getMeshTwoRps'>;

const byNamespace = <P extends string>(key: string, path: P, namespace: string) => ({
  queryKey: integrationKeys.of(key, namespace),
  enabled: !!namespace,
  retry: false,
  path,
});

export const useMeshOneStatus = () =>
  useQuery({
    queryKey: integrationKeys.of('meshone-status'),
    retry: false,
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/meshone/status', { signal })),
  });
export const useMeshOneTopology = (namespace: string) => {
  const o = byNamespace('meshone-topology', '/api/v1/meshone/topology', namespace);
  return useQuery({
    ...o,
    queryFn: async ({ signal }) => unwrap(await api.GET(o.path, { params: { query: { namespace } }, signal })),
  });
};
export const useMeshOneVirtualServices = (namespace: string) => {
  const o = byNamespace('meshone-virtual-services', '/api/v1/meshone/virtual-services', namespace);
  return useQuery({
    ...o,
    queryFn: async ({ signal }) => unwrap(await api.GET(o.path, { params: { query: { namespace } }, signal })),
  });
};
export const useMeshOneVirtualService = (namespace: string, name: string | undefined) =>
  useQuery({
    queryKey: integrationKeys.of('meshone-virtual-services', namespace, name ?? ''),
    enabled: !!namespace && !!name,
    retry: false,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/api/v1/meshone/virtual-services/{namespace}/{name}', {
          params: { path: { namespace, name: name! } },
          signal,
        }),
      ),
  });
export const useMeshOneAuthorizationPolicies = (namespace: string) => {
  const o = byNamespace('meshone-authorization-policies', '/api/v1/meshone/authorization-policies', namespace);
  return useQuery({
    ...o,
    queryFn: async ({ signal }) => unwrap(await api.GET(o.path, { params: { query: { namespace } }, signal })),
  });
};
export const useMeshOnePeerAuthentications = (namespace: string) => {
  const o = byNamespace('meshone-peer-authentications', '/api/v1/meshone/peer-authentications', namespace);
  return useQuery({
    ...o,
    queryFn: async ({ signal }) => unwrap(await api.GET(o.path, { params: { query: { namespace } }, signal })),
  });
};
export const useSetMeshOneWeights = (namespace: string) =>
  useAction(
    async (v: { name: string; weights: { destination: string; weight: number }[] }) =>
      unwrap(
        await api.PATCH('/api/v1/meshone/virtual-services/{namespace}/{name}/weights', {
          params: { path: { namespace, name: v.name } },
          body: { weights: v.weights },
        }),
      ),
    [integrationKeys.of('meshone-virtual-services', namespace), integrationKeys.of('meshone-topology', namespace)],
  );

export const useMeshTwoAvailability = () =>
  useGet(
    integrationKeys.of('meshtwo-available'),
    async (signal) => unwrap(await api.GET('/api/v1/meshtwo/available', { signal })),
    { staleTime: 60_000 },
  );
export const useMeshTwoStatus = (enabled: boolean) =>
  useGet(
    integrationKeys.of('meshtwo-status'),
    async (signal) => unwrap(await api.GET('/api/v1/meshtwo/status', { signal })),
    { enabled },
  );
export const useMeshTwoTopology = (enabled: boolean, range: string) =>
  useGet(
    integrationKeys.of('meshtwo-topology', range),
    async (signal) => unwrap(await api.GET('/api/v1/meshtwo/topology', { params: { query: { range } }, signal })),
    { enabled },
  );
export const useMeshTwoAuthorizationPolicies = (namespace: string) => {
  const o = byNamespace('meshtwo-authorization-policies', '/api/v1/meshtwo/authorization-policies', namespace);
  return useQuery({
    ...o,
    queryFn: async ({ signal }) => unwrap(await api.GET(o.path, { params: { query: { namespace } }, signal })),
  });
};
export const useMeshTwoServerAuthorizations = (namespace: string) => {
  const o = byNamespace('meshtwo-server-authorizations', '/api/v1/meshtwo/server-authorizations', namespace);
  return useQuery({
    ...o,
    queryFn: async ({ signal }) => unwrap(await api.GET(o.path, { params: { query: { namespace } }, signal })),
  });
};
export const useMeshTwoServiceProfiles = (namespace: string) => {
  const o = byNamespace('meshtwo-service-profiles', '/api/v1/meshtwo/service-profiles', namespace);
  return useQuery({
    ...o,
    queryFn: async ({ signal }) => unwrap(await api.GET(o.path, { params: { query: { namespace } }, signal })),
  });
};
/** Linkerd's signals of a deployment: rps, error rate, and latency p50/p95/p99 (three series). */
export function useMeshTwoSignals(deployment: string, namespace: string, range: string) {
  const enabled = !!deployment && !!namespace;
  const query = { deployment, namespace, range };
  return useQueries({
    queries: [
      {
        queryKey: integrationKeys.of('meshtwo-rps', deployment, namespace, range),
        enabled,
        retry: false,
        queryFn: async ({ signal }: { signal: AbortSignal }) =>
          unwrap(await api.GET('/api/v1/meshtwo/metrics/rps', { params: { query }, signal })),
      },
      {
        queryKey: integrationKeys.of('meshtwo-error-rate', deployment, namespace, range),
        enabled,
        retry: false,
        queryFn: async ({ signal }: { signal: AbortSignal }) =>
          unwrap(await api.GET('/api/v1/meshtwo/metrics/error-rate', { params: { query }, signal })),
      },
      {
        queryKey: integrationKeys.of('meshtwo-latency', deployment, namespace, range),
        enabled,
        retry: false,
        queryFn: async ({ signal }: { signal: AbortSignal }) =>
          unwrap(await api.GET('/api/v1/meshtwo/metrics/latency', { params: { query }, signal })),
      },
    ],
  });
}
