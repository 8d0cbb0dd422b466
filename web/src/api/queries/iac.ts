// TanStack Query hooks of the infrastructure-as-code pages: stacks, runs, topology, drift, the module
// catalog. The IaC modules emit no live events (reports arrive through ingestion); the pages refetch
// on focus and after their own actions (decision 762).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { OkBody, QueryOf } from '../types';

export type Topology = OkBody<'listStackResources'>;
export type IacModuleVersion = OkBody<'listIacModuleVersions'>[number];
export type ModuleQuery = QueryOf<'listIacModules'>;

export const iacKeys = {
  all: () => ['iac'] as const,
  dashboard: () => ['iac', 'dashboard'] as const,
  stacks: (environment?: string) => ['iac', 'stacks', environment ?? null] as const,
  stack: (id: string) => ['iac', 'stack', id] as const,
  runs: (id: string, page: number) => ['iac', 'runs', id, page] as const,
  resources: (id: string) => ['iac', 'resources', id] as const,
  drift: () => ['iac', 'drift'] as const,
  modules: (query: ModuleQuery) => ['iac', 'modules', query] as const,
  module: (id: string) => ['iac', 'module', id] as const,
  versions: (id: string) => ['iac', 'versions', id] as const,
};

export const useIacDashboard = () =>
  useQuery({ queryKey: iacKeys.dashboard(), queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/iac/dashboard', { signal })) });

export const useStacks = (environment?: string) =>
  useQuery({
    queryKey: iacKeys.stacks(environment),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/iac/stacks', { params: { query: environment ? { environment } : {} }, signal })),
    placeholderData: keepPreviousData,
  });

export const useStack = (id: string) =>
  useQuery({
    queryKey: iacKeys.stack(id),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/iac/stacks/{id}', { params: { path: { id } }, signal })),
  });

export const RUNS_PAGE = 20;
export const useStackRuns = (id: string, page: number) =>
  useQuery({
    queryKey: iacKeys.runs(id, page),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/iac/stacks/{id}/runs', { params: { path: { id }, query: { page, limit: RUNS_PAGE } }, signal })),
    placeholderData: keepPreviousData,
  });

export const useStackResources = (id: string, enabled = true) =>
  useQuery({
    queryKey: iacKeys.resources(id),
    enabled,
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/iac/stacks/{id}/resources', { params: { path: { id } }, signal })),
    staleTime: 60_000,
  });

export const useDrift = () =>
  useQuery({ queryKey: iacKeys.drift(), queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/iac/module-drift', { signal })) });

export const useIacModuleList = (query: ModuleQuery) =>
  useQuery({
    queryKey: iacKeys.modules(query),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/iac-modules', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });

export const useIacModule = (id: string) =>
  useQuery({
    queryKey: iacKeys.module(id),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/iac-modules/{id}', { params: { path: { id } }, signal })),
  });

export const useIacModuleVersions = (id: string) =>
  useQuery({
    queryKey: iacKeys.versions(id),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/iac-modules/{id}/versions', { params: { path: { id } }, signal })),
  });

/** Discovers new tags of the module's repository; the module, its versions and drift are refetched after. */
export function useSyncIacModule(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/iac-modules/{id}/sync', { params: { path: { id } } })),
    onSuccess: () => void client.invalidateQueries({ queryKey: iacKeys.all() }),
  });
}
