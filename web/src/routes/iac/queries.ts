// TanStack Query hooks of the infrastructure-as-code pages: stacks, runs, topology, drift, the module
// catalog. The IaC modules emit no live events (reports arrive through ingestion); the pages refetch
// on focus and after their own actions (decision 762).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { Body, OkBody, QueryOf } from '../../api/types';
import { unwrapFields } from '../../api/field-errors';
import { entityKeys } from '../entity/keys';
import { iacKeys } from './keys';

export type Topology = OkBody<'listStackResources'>;
export type IacModuleVersion = OkBody<'listIacModuleVersions'>[number];
export type ModuleQuery = QueryOf<'listIacModules'>;
export type IacModule = OkBody<'getIacModule'>;
export type IacModuleBody = Body<'createIacModule'>;
export type IacModulePatch = Body<'updateIacModule'>;

export const useIacDashboard = () =>
  useQuery({
    queryKey: iacKeys.dashboard(),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/iac/dashboard', { signal })),
  });

export const useStacks = (environment?: string) =>
  useQuery({
    queryKey: iacKeys.stacks(environment),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/iac/stacks', { params: { query: environment ? { environment } : {} }, signal })),
    placeholderData: keepPreviousData,
  });

export const stackQuery = (id: string) =>
  queryOptions({
    queryKey: iacKeys.stack(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/iac/stacks/{id}', { params: { path: { id } }, signal })),
  });

export const useStack = (id: string) => useQuery(stackQuery(id));

export const RUNS_PAGE = 20;
export const useStackRuns = (id: string, page: number) =>
  useQuery({
    queryKey: iacKeys.runs(id, page),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/api/v1/iac/stacks/{id}/runs', {
          params: { path: { id }, query: { page, limit: RUNS_PAGE } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });

export const useStackResources = (id: string, enabled = true) =>
  useQuery({
    queryKey: iacKeys.resources(id),
    enabled,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/iac/stacks/{id}/resources', { params: { path: { id } }, signal })),
    staleTime: 60_000,
  });

export const useDrift = () =>
  useQuery({
    queryKey: iacKeys.drift(),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/iac/module-drift', { signal })),
  });

export const useIacModuleList = (query: ModuleQuery) =>
  useQuery({
    queryKey: iacKeys.modules(query),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/iac-modules', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });

export const iacModuleQuery = (id: string) =>
  queryOptions({
    queryKey: iacKeys.module(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/iac-modules/{id}', { params: { path: { id } }, signal })),
  });

export const useIacModule = (id: string) => useQuery(iacModuleQuery(id));

export const useIacModuleVersions = (id: string) =>
  useQuery({
    queryKey: iacKeys.versions(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/iac-modules/{id}/versions', { params: { path: { id } }, signal })),
  });

/** Discovers new tags of the module's repository; the module, its versions and drift are refetched after. */
export function useSyncIacModule(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/iac-modules/{id}/sync', { params: { path: { id } } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: iacKeys.all() }),
  });
}

/** The component a module is linked to (its name and catalog address for the link). */
export const useLinkedComponent = (id: string | null) =>
  useQuery({
    queryKey: iacKeys.component(id ?? ''),
    enabled: !!id,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/catalog/components/{id}', { params: { path: { id: id! } }, signal })),
  });

/**
 * Catalog writes (open to every signed-in user, as the server allows: decision 768). They keep the
 * server's 400 details by field, and refetch the IaC area and the entity pages' module tab after.
 */
function useModuleWrite<V, R>(fn: (vars: V) => Promise<R>, refetchType: 'active' | 'none' = 'active') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all(
        [iacKeys.all(), entityKeys.integration('iac-modules')].map((queryKey) =>
          client.invalidateQueries({ queryKey, refetchType }),
        ),
      );
    },
  });
}

export const useCreateIacModule = () =>
  useModuleWrite(async (body: IacModuleBody) => unwrapFields(await api.POST('/api/v1/iac-modules', { body })));

export const useUpdateIacModule = (id: string) =>
  useModuleWrite(async (body: IacModulePatch) =>
    unwrapFields(await api.PATCH('/api/v1/iac-modules/{id}', { params: { path: { id } }, body })),
  );

export const useDeleteIacModule = () =>
  // Marked stale without refetching: the open module page would only read a 404 before it navigates away.
  useModuleWrite(
    async (id: string) => unwrapFields(await api.DELETE('/api/v1/iac-modules/{id}', { params: { path: { id } } })),
    'none',
  );

export const useLinkIacModule = (id: string) =>
  useModuleWrite(async (componentId: string) =>
    unwrapFields(
      await api.POST('/api/v1/iac-modules/{id}/link-component', { params: { path: { id } }, body: { componentId } }),
    ),
  );

export const useUnlinkIacModule = (id: string) =>
  useModuleWrite(async () =>
    unwrapFields(await api.DELETE('/api/v1/iac-modules/{id}/unlink-component', { params: { path: { id } } })),
  );
