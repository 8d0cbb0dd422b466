// Hooks of the deployments feed. Keys start with `deployments`, which deployment.* events invalidate
// (decision 701), so an open feed follows a pipeline's deploy stage without reload.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { OkBody, QueryOf } from '../types';
import { queryKeys } from './keys';

export type Deployment = OkBody<'listDeployments'>['data'][number];
export type Environment = OkBody<'listEnvironments'>['data'][number];
export type DeploymentQuery = QueryOf<'listDeployments'>;

export const deploymentKeys = {
  feed: (query: DeploymentQuery) => [...queryKeys.deployments.all(), 'feed', query] as const,
  latest: (environmentId: string) => [...queryKeys.deployments.all(), 'latest', environmentId] as const,
  environments: () => [...queryKeys.deployments.all(), 'environments'] as const,
};

/** One page of deployments, newest first, filtered by environment, component and status. */
export function useDeploymentFeed(query: DeploymentQuery) {
  return useQuery({
    queryKey: deploymentKeys.feed(query),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/deployments', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** Every environment (at most 100), in display order. */
export function useEnvironmentList() {
  return useQuery({
    queryKey: deploymentKeys.environments(),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/environments', { params: { query: { take: 100 } }, signal })),
    staleTime: 5 * 60_000,
  });
}

/** How many recent deployments an environment card reads to find what runs there now. */
export const LATEST_SCAN = 50;

/** The latest deployments of each environment, for the per-environment overview. */
export function useLatestByEnvironment(environmentIds: string[]) {
  return useQueries({
    queries: environmentIds.map((environmentId) => ({
      queryKey: deploymentKeys.latest(environmentId),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        unwrap(await api.GET('/api/v1/deployments', { params: { query: { environmentId, skip: 0, take: LATEST_SCAN } }, signal })),
    })),
  });
}

/** The catalog components a page of deployments names (one cached read each), for their names and links. */
export function useComponentsById(ids: string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.catalog.component(id),
      queryFn: async ({ signal }: { signal: AbortSignal }) => unwrap(await api.GET('/api/v1/catalog/components/{id}', { params: { path: { id } }, signal })),
      staleTime: 5 * 60_000,
      retry: false,
    })),
    combine: (results) => new Map(ids.map((id, i) => [id, results[i]?.data] as const)),
  });
}
