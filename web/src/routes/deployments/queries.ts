// Hooks of the deployments feed. Keys start with `deployments`, which deployment.* events invalidate
// (decision 701), so an open feed follows a pipeline's deploy stage without reload.
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { OkBody, QueryOf } from '../../api/types';
import { catalogKeys } from '../catalog/keys';
import { deploymentKeys } from './keys';

export type Deployment = OkBody<'listDeployments'>['data'][number];
export type Environment = OkBody<'listEnvironments'>['data'][number];
export type DeploymentQuery = QueryOf<'listDeployments'>;
export type DeploymentDetail = OkBody<'getDeployment'>;
export type EnvironmentDetail = OkBody<'getEnvironment'>;

/** One deployment, with its run's pipeline and commit and who deployed it. */
export const deploymentQuery = (id: string) =>
  queryOptions({
    queryKey: deploymentKeys.deployment(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/deployments/{id}', { params: { path: { id } }, signal })),
  });

export function useDeployment(id: string) {
  return useQuery(deploymentQuery(id));
}

/** One environment (`enabled` false: not asked yet, e.g. until its id is known). */
export function useEnvironment(id: string, enabled = true) {
  return useQuery({
    queryKey: deploymentKeys.environment(id),
    enabled: enabled && !!id,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/environments/{id}', { params: { path: { id } }, signal })),
    staleTime: 60_000,
  });
}

/**
 * What DORA recorded about one deployment (decision 711): its facts, the commits it shipped and the
 * incidents linked to it, read from the drill-downs over the one environment and the few moments in
 * which its DORA time can fall (from its creation to its last change), then picked by id. `fact`
 * null: DORA holds no record of it (not settled, not ingested yet, or another organization's).
 */
export function useDeploymentDora(
  d: Pick<DeploymentDetail, 'id' | 'environmentId' | 'createdAt' | 'updatedAt' | 'status'> | undefined,
) {
  return useQuery({
    queryKey: deploymentKeys.dora(d?.id ?? ''),
    enabled: !!d,
    queryFn: async ({ signal }) => {
      const slice = {
        scope: 'environment' as const,
        id: d!.environmentId,
        from: new Date(d!.createdAt).toISOString(),
        to: new Date(new Date(d!.updatedAt).getTime() + 1000).toISOString(),
        skip: 0,
        take: 100,
      };
      const [facts, changes, incidents] = await Promise.all([
        api.GET('/api/v1/dora/drilldown/deployments', { params: { query: slice }, signal }).then(unwrap),
        api.GET('/api/v1/dora/drilldown/changes', { params: { query: slice }, signal }).then(unwrap),
        api.GET('/api/v1/dora/drilldown/incidents', { params: { query: slice }, signal }).then(unwrap),
      ]);
      const mine = <T extends { deploymentId: string }>(rows: T[]) => rows.filter((r) => r.deploymentId === d!.id);
      return { fact: mine(facts.data)[0] ?? null, changes: mine(changes.data), incidents: mine(incidents.data) };
    },
    // DORA's ingest runs after the deployment settles and reads commits with git: ask again until it has.
    refetchInterval: (q) => {
      const settled = d?.status === 'succeeded' || d?.status === 'rolled_back';
      const fact = q.state.data?.fact;
      return settled && (!fact || fact.changesStatus === 'pending') && q.state.dataUpdateCount < 60 ? 5_000 : false;
    },
  });
}

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
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/environments', { params: { query: { take: 100 } }, signal })),
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
        unwrap(
          await api.GET('/api/v1/deployments', {
            params: { query: { environmentId, skip: 0, take: LATEST_SCAN } },
            signal,
          }),
        ),
    })),
  });
}

/** The catalog components a page of deployments names (one cached read each), for their names and links. */
export function useComponentsById(ids: string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: catalogKeys.component(id),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        unwrap(await api.GET('/api/v1/catalog/components/{id}', { params: { path: { id } }, signal })),
      staleTime: 5 * 60_000,
      retry: false,
    })),
    combine: (results) => new Map(ids.map((id, i) => [id, results[i]?.data] as const)),
  });
}
