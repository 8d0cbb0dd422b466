// TanStack Query hooks of the entity page: the entity by reference, its relations, and one hook per tab.
// Keys start with the area a live event invalidates (`catalog`, `deployments`, `pipelines`, `incidents`),
// so an open entity page follows the server without reload; integrations without events use `integration`.
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { OkBody } from '../../api/types';
import { unwrapFields } from '../../api/field-errors';
import { SCAN_LIMIT, entityKeys } from './keys';

export type { CatalogEntity } from '../../api/types';
export type Relation = OkBody<'listComponentRelations'>[number];
export type Pipeline = OkBody<'listPipelines'>['data'][number];

export function useRelations(id: string | undefined) {
  return useQuery({
    queryKey: entityKeys.relations(id ?? ''),
    enabled: !!id,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/catalog/components/{id}/relations', { params: { path: { id: id! } }, signal })),
  });
}

/** Relations of several entities at once (the graph's second hop), combined; each is cached on its own key. */
export function useRelationsOf(ids: string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: entityKeys.relations(id),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        unwrap(await api.GET('/api/v1/catalog/components/{id}/relations', { params: { path: { id } }, signal })),
      staleTime: 60_000,
    })),
    combine: (results) => ({ rows: results.flatMap((r) => r.data ?? []), pending: results.some((r) => r.isPending) }),
  });
}

export function useDeployments(componentId: string) {
  return useQuery({
    queryKey: entityKeys.deployments(componentId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/deployments', { params: { query: { componentId, take: 50 } }, signal })),
  });
}

export function useEnvironments() {
  return useQuery({
    queryKey: entityKeys.environments(),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/environments', { params: { query: { take: 100 } }, signal })),
    staleTime: 5 * 60_000,
  });
}

/** Pipelines whose deploy stage targets the component (a pipeline reaches a component only that way). */
export function usePipelines() {
  return useQuery({
    queryKey: entityKeys.pipelines(),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/pipelines', { params: { query: { limit: SCAN_LIMIT } }, signal })),
  });
}

export function usePipelineRuns(pipelineId: string) {
  return useQuery({
    queryKey: entityKeys.runs(pipelineId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/pipelines/{id}/runs', { params: { path: { id: pipelineId } }, signal })),
  });
}

export function useLatestIncidents() {
  return useQuery({
    queryKey: entityKeys.incidents(),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/incidents', { params: { query: { take: SCAN_LIMIT } }, signal })),
  });
}

export function useIacModules(componentId: string) {
  return useQuery({
    queryKey: entityKeys.integration('iac-modules', componentId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/api/v1/iac-modules/component/{componentId}', { params: { path: { componentId } }, signal }),
      ),
  });
}

export function useModuleDrift() {
  return useQuery({
    queryKey: entityKeys.integration('module-drift'),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/iac/module-drift', { signal })),
  });
}

export function useCostAvailable() {
  return useQuery({
    queryKey: entityKeys.integration('cost-available'),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/cost/available', { signal })),
    staleTime: 60_000,
  });
}

export function useActualCost(id: string, enabled: boolean) {
  return useQuery({
    queryKey: entityKeys.integration('cost-actual', id),
    enabled,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/cost/components/{id}/actual', { params: { path: { id } }, signal })),
  });
}

export function useCostHistory(id: string) {
  return useQuery({
    queryKey: entityKeys.integration('cost-history', id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/cost/components/{id}/history', { params: { path: { id } }, signal })),
  });
}

export function useRegistryAvailable() {
  return useQuery({
    queryKey: entityKeys.integration('registry-available'),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/registry/available', { signal })),
    staleTime: 60_000,
  });
}

export function useVulnerabilities(componentId: string) {
  const path = { componentId };
  return useQueries({
    queries: [
      {
        queryKey: entityKeys.integration('vulnerability-summary', componentId),
        queryFn: async ({ signal }: { signal: AbortSignal }) =>
          unwrap(
            await api.GET('/api/v1/registry/components/{componentId}/vulnerabilities/summary', {
              params: { path },
              signal,
            }),
          ),
      },
      {
        queryKey: entityKeys.integration('vulnerabilities', componentId),
        queryFn: async ({ signal }: { signal: AbortSignal }) =>
          unwrap(
            await api.GET('/api/v1/registry/components/{componentId}/vulnerabilities', { params: { path }, signal }),
          ),
      },
    ],
  });
}

export function useWorkloads(componentName: string) {
  return useQuery({
    queryKey: entityKeys.integration('workloads', componentName),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/api/v1/orchestrator/workloads/match/{componentName}', {
          params: { path: { componentName } },
          signal,
        }),
      ),
  });
}

export function useSearchIndices(id: string) {
  return useQuery({
    queryKey: entityKeys.integration('search-index', 'stats', id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/components/{id}/searchengine-indices/stats', { params: { path: { id } }, signal })),
  });
}

export function useGatewayRoutes(componentId: string) {
  return useQuery({
    queryKey: entityKeys.integration('gateway-routes', componentId),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/gateway/routes', { params: { query: { componentId, limit: 100 } }, signal })),
  });
}

/** Specs the component is registered as consuming (GET …/consumed-apis); live `api-spec:*` events refresh them. */
export function useConsumedApis(id: string) {
  return useQuery({
    queryKey: ['api-specs', 'consumed', id] as const,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/catalog/components/{id}/consumed-apis', { params: { path: { id } }, signal })),
  });
}

/** The component's index links as stored (no cluster call): pattern, URL and description. */
export function useSearchIndexLinks(id: string) {
  return useQuery({
    queryKey: entityKeys.integration('search-index', 'links', id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/components/{id}/searchengine-indices', { params: { path: { id } }, signal })),
  });
}

function useSearchIndexWrite<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void qc.invalidateQueries({ queryKey: entityKeys.integration('search-index') }),
  });
}

/** Link an index pattern to the component (any signed-in user may; 400 details kept per field). */
export function useAddSearchIndex(id: string) {
  return useSearchIndexWrite(async (body: { indexPattern: string; searchUrl?: string; description?: string }) =>
    unwrapFields(await api.POST('/api/v1/components/{id}/searchengine-indices', { params: { path: { id } }, body })),
  );
}

/** Unlink an index (the index itself is untouched). */
export function useRemoveSearchIndex(id: string) {
  return useSearchIndexWrite(async (indexId: string) => {
    unwrap(
      await api.DELETE('/api/v1/components/{id}/searchengine-indices/{indexId}', { params: { path: { id, indexId } } }),
    );
  });
}

/** Admin: every component's linked indices with their stats (GET /api/v1/searchengine/indices). */
export function useSearchIndexOverview(enabled: boolean) {
  return useQuery({
    queryKey: entityKeys.integration('search-index', 'overview'),
    enabled,
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/searchengine/indices', { signal })),
  });
}
