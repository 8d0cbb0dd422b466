// TanStack Query hooks of the integration pages (GitOps, CI, cluster, policy, cost, registry, gateway;
// the meshes' are in mesh-queries.ts). Keys start with `integration` (no live event names these
// systems) except the CI builds and rollouts, whose keys start with the areas `ci.build.updated` and
// `rollout.updated` invalidate (`pipelines`, `deployments`), so an open page follows them live
// (decision 762).
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { OkBody } from '../../api/types';
import { integrationKeys } from './keys';
import { useAction, useGet } from './query-kit';

export type ScanResult = OkBody<'getRegistryScan'>;

export const CREDENTIAL_TYPES = ['gitopscd', 'cloudci', 'serverci', 'hostedci'] as const;
export type CredentialType = (typeof CREDENTIAL_TYPES)[number];

/** The organization's stored CI/CD credentials (types only; values are never returned). */
export function useCredentialTypes() {
  return useGet(
    integrationKeys.of('credentials'),
    async (signal) => new Set(unwrap(await api.GET('/api/v1/integrations/credentials', { signal })).map((c) => c.type)),
    { staleTime: 60_000 },
  );
}

export const useGitopsApps = (enabled: boolean) =>
  useGet(
    integrationKeys.of('gitops-apps'),
    async (signal) => unwrap(await api.GET('/api/v1/gitopscd/applications', { signal })),
    { enabled },
  );

export const useCloudciPipelines = (enabled: boolean, vcsUrl?: string) =>
  useGet(
    integrationKeys.ci('cloudci', vcsUrl ?? ''),
    async (signal) =>
      unwrap(await api.GET('/api/v1/cloudci/pipelines', { params: { query: vcsUrl ? { vcsUrl } : {} }, signal })),
    { enabled },
  );

export const useServerciJobs = (enabled: boolean) =>
  useGet(integrationKeys.ci('serverci'), async (signal) => unwrap(await api.GET('/api/v1/serverci/jobs', { signal })), {
    enabled,
  });

export const useServerciBuilds = (name: string | undefined) =>
  useGet(
    integrationKeys.ci('serverci-builds', name ?? ''),
    async (signal) =>
      unwrap(await api.GET('/api/v1/serverci/jobs/{name}/builds', { params: { path: { name: name! } }, signal })),
    { enabled: !!name },
  );

export const useHostedciBuilds = (enabled: boolean, repoSlug?: string) =>
  useGet(
    integrationKeys.ci('hostedci', repoSlug ?? ''),
    async (signal) =>
      unwrap(await api.GET('/api/v1/hostedci/builds', { params: { query: repoSlug ? { repoSlug } : {} }, signal })),
    { enabled },
  );

export const useSyncGitopsApp = () =>
  useAction(
    async (name: string) =>
      unwrap(await api.POST('/api/v1/gitopscd/applications/{name}/sync', { params: { path: { name } }, body: {} })),
    [integrationKeys.of('gitops-apps')],
  );
export const useTriggerCloudci = () =>
  useAction(
    async (slug: string) =>
      unwrap(await api.POST('/api/v1/cloudci/pipelines/{slug}/trigger', { params: { path: { slug } }, body: {} })),
    [integrationKeys.ci('cloudci')],
  );
export const useTriggerServerci = () =>
  useAction(
    async (name: string) =>
      unwrap(await api.POST('/api/v1/serverci/jobs/{name}/build', { params: { path: { name } }, body: {} })),
    [integrationKeys.ci('serverci')],
  );
export const useRestartHostedci = () =>
  useAction(
    async (id: number) =>
      unwrap(await api.POST('/api/v1/hostedci/builds/{id}/restart', { params: { path: { id: String(id) } } })),
    [integrationKeys.ci('hostedci')],
  );

export const useWorkloads = () =>
  useGet(integrationKeys.of('workloads'), async (signal) =>
    unwrap(await api.GET('/api/v1/orchestrator/workloads', { signal })),
  );
export const useRollouts = () =>
  useGet(integrationKeys.rollouts(), async (signal) =>
    unwrap(await api.GET('/api/v1/orchestrator/rollouts', { signal })),
  );
export const useAdmissionEnabled = () =>
  useGet(integrationKeys.of('admission-enabled'), async (signal) =>
    unwrap(await api.GET('/api/v1/orchestrator/policy-admission/enabled', { signal })),
  );
export const useAdmissionViolations = (enabled: boolean) =>
  useGet(
    integrationKeys.of('admission-violations'),
    async (signal) => unwrap(await api.GET('/api/v1/orchestrator/policy-admission/violations', { signal })),
    {
      enabled,
    },
  );

export const usePolicyStatus = () =>
  useGet(integrationKeys.of('policy-status'), async (signal) =>
    unwrap(await api.GET('/api/v1/policyengine/status', { signal })),
  );
export const usePolicyResults = (componentId: string | undefined) =>
  useGet(
    integrationKeys.of('policy-results', componentId ?? ''),
    async (signal) =>
      unwrap(
        await api.GET('/api/v1/policyengine/results/{componentId}', {
          params: { path: { componentId: componentId! } },
          signal,
        }),
      ),
    { enabled: !!componentId },
  );
export function useEvaluatePolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { policyPath: string; input: Record<string, unknown>; componentId?: string }) =>
      unwrap(await api.POST('/api/v1/policyengine/evaluate', { body })),
    onSuccess: (_d, v) =>
      v.componentId && void client.invalidateQueries({ queryKey: integrationKeys.of('policy-results', v.componentId) }),
  });
}

export const useCostAvailability = () =>
  useGet(
    integrationKeys.of('cost-available'),
    async (signal) => unwrap(await api.GET('/api/v1/cost/available', { signal })),
    { staleTime: 60_000 },
  );
export const useCostSummary = (limit: number) =>
  useGet(integrationKeys.of('cost-summary', limit), async (signal) =>
    unwrap(await api.GET('/api/v1/cost/summary', { params: { query: { limit } }, signal })),
  );
export const useTeamCost = (teamId: string | undefined) =>
  useGet(
    integrationKeys.of('cost-team', teamId ?? ''),
    async (signal) =>
      unwrap(await api.GET('/api/v1/cost/teams/{id}/summary', { params: { path: { id: teamId! } }, signal })),
    { enabled: !!teamId },
  );

export const useRegistryAvailability = () =>
  useGet(
    integrationKeys.of('registry-available'),
    async (signal) => unwrap(await api.GET('/api/v1/registry/available', { signal })),
    { staleTime: 60_000 },
  );
export const useRepositories = (enabled: boolean) =>
  useGet(
    integrationKeys.of('registry-repositories'),
    async (signal) => unwrap(await api.GET('/api/v1/registry/repositories', { signal })),
    { enabled },
  );
export const useTags = (name: string | undefined) =>
  useGet(
    integrationKeys.of('registry-tags', name ?? ''),
    async (signal) =>
      unwrap(await api.GET('/api/v1/registry/repositories/{name}/tags', { params: { path: { name: name! } }, signal })),
    { enabled: !!name },
  );
export const useScan = (name: string | undefined, tag: string | undefined) =>
  useGet(
    integrationKeys.of('registry-scan', name ?? '', tag ?? ''),
    async (signal) =>
      unwrap(
        await api.GET('/api/v1/registry/repositories/{name}/scan/{tag}', {
          params: { path: { name: name!, tag: tag! } },
          signal,
        }),
      ),
    { enabled: !!name && !!tag },
  );

export const useGatewayRoutes = (page: number, stale?: boolean) =>
  useGet(integrationKeys.of('gateway-routes', page, stale ?? null), async (signal) =>
    unwrap(
      await api.GET('/api/v1/gateway/routes', {
        params: { query: { page, limit: 100, ...(stale === undefined ? {} : { stale }) } },
        signal,
      }),
    ),
  );
export const useGatewayHealth = () =>
  useGet(integrationKeys.of('gateway-health'), async (signal) =>
    unwrap(await api.GET('/api/v1/gateway/health', { signal })),
  );
export const useGatewaySync = () =>
  useAction(
    async () => unwrap(await api.POST('/api/v1/gateway/sync')),
    [integrationKeys.of('gateway-routes'), integrationKeys.of('gateway-health')],
  );
export const useGatewayCheck = () =>
  useAction(async () => unwrap(await api.POST('/api/v1/gateway/health/check')), [integrationKeys.of('gateway-health')]);

/** Names of catalog components by id (cost and policy rows carry ids only); each cached on the catalog's key. */
export function useComponentNames(ids: string[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['catalog', 'component', id] as const,
      staleTime: 5 * 60_000,
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        unwrap(await api.GET('/api/v1/catalog/components/{id}', { params: { path: { id } }, signal })),
    })),
    combine: (results) => new Map(results.flatMap((r) => (r.data ? [[r.data.id, r.data.name] as const] : []))),
  });
}

export const useCrds = (group: string) =>
  useGet(integrationKeys.of('crds', group), async (signal) =>
    unwrap(
      group
        ? await api.GET('/api/v1/orchestrator/crds/{group}', { params: { path: { group } }, signal })
        : await api.GET('/api/v1/orchestrator/crds', { signal }),
    ),
  );
export const useConstraintTemplates = (enabled: boolean) =>
  useGet(
    integrationKeys.of('constraint-templates'),
    async (signal) => unwrap(await api.GET('/api/v1/orchestrator/policy-admission/constraint-templates', { signal })),
    { enabled },
  );
export const useOrchestratorSync = () =>
  useAction(
    async () => unwrap(await api.POST('/api/v1/orchestrator/sync')),
    [integrationKeys.of('workloads'), integrationKeys.rollouts()],
  );
export const useCostSync = () =>
  useAction(
    async () => unwrap(await api.POST('/api/v1/cost/sync')),
    [integrationKeys.of('cost-summary'), integrationKeys.of('cost-team')],
  );

export const useManifest = (name: string | undefined, tag: string | undefined) =>
  useGet(
    integrationKeys.of('registry-manifest', name ?? '', tag ?? ''),
    async (signal) =>
      unwrap(
        await api.GET('/api/v1/registry/repositories/{name}/manifest/{tag}', {
          params: { path: { name: name!, tag: tag! } },
          signal,
        }),
      ),
    { enabled: !!name && !!tag },
  );
export const useReplications = (enabled: boolean) =>
  useQuery({
    queryKey: integrationKeys.of('registry-replications'),
    enabled,
    retry: false,
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/registry/selfhosted/replications', { signal })),
  });
export const useSyncVulnerabilities = () =>
  useAction(
    async (componentId: string) =>
      unwrap(
        await api.POST('/api/v1/registry/components/{componentId}/vulnerabilities/sync', {
          params: { path: { componentId } },
        }),
      ),
    // The portal shows scans read live from the registry, not the stored findings: nothing to refetch.
    [],
  );

export const useGitopsApp = (name: string | undefined) =>
  useGet(
    integrationKeys.of('gitops-apps', name ?? ''),
    async (signal) =>
      unwrap(await api.GET('/api/v1/gitopscd/applications/{name}', { params: { path: { name: name! } }, signal })),
    { enabled: !!name },
  );
export const useGatewayRoute = (id: string | undefined) =>
  useGet(
    integrationKeys.of('gateway-routes', 'one', id ?? ''),
    async (signal) => unwrap(await api.GET('/api/v1/gateway/routes/{id}', { params: { path: { id: id! } }, signal })),
    { enabled: !!id },
  );
/** Admins: link a gateway route to a catalog component (null unlinks). */
export const useLinkGatewayRoute = (id: string) =>
  useAction(
    async (componentId: string | null) =>
      unwrap(await api.PATCH('/api/v1/gateway/routes/{id}', { params: { path: { id } }, body: { componentId } })),
    [integrationKeys.of('gateway-routes')],
  );
