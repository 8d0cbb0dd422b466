// TanStack Query hooks of the APIs pages: API entities, their spec versions, one spec's content, the diff
// between two versions and the lifecycle change. Keys start with `api-specs` or `catalog`, which the
// live `api-spec:*` and `component.*` events invalidate.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { OkBody } from '../../api/types';
import { apiKeys } from './keys';
import { unwrapFields } from '../../api/field-errors';

export type ApiSpecSummary = OkBody<'listComponentApiSpecs'>[number];
export type SpecStatus = ApiSpecSummary['status'];

export const API_PAGE_SIZE = 50;

/** Catalog entities of kind API, filtered and paged by the server. */
export function useApiList(params: { q?: string; lifecycle?: string; page: number }) {
  const query = {
    entityKind: 'API',
    sort: 'name' as const,
    take: API_PAGE_SIZE,
    skip: (params.page - 1) * API_PAGE_SIZE,
    q: params.q,
    lifecycle: params.lifecycle,
  };
  return useQuery({
    queryKey: apiKeys.list(query),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/catalog/components', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** Spec versions of a component, without their content. */
export function useApiSpecs(componentId: string | undefined) {
  return useQuery({
    queryKey: apiKeys.specs(componentId ?? ''),
    enabled: !!componentId,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/api/v1/catalog/components/{id}/api-specs', { params: { path: { id: componentId! } }, signal }),
      ),
  });
}

/** One spec with its raw content (rendered inline: nothing is fetched by the renderer). */
export function useApiSpec(id: string | undefined) {
  return useQuery({
    queryKey: apiKeys.spec(id ?? ''),
    enabled: !!id,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/api-specs/{id}', { params: { path: { id: id! } }, signal })),
    staleTime: 5 * 60_000,
  });
}

/** Changes of `id` (the newer version) relative to `compareWith` (the older one). */
export function useApiSpecDiff(id: string | undefined, compareWith: string | undefined) {
  return useQuery({
    queryKey: apiKeys.diff(id ?? '', compareWith ?? ''),
    enabled: !!id && !!compareWith && id !== compareWith,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/api/v1/api-specs/{id}/diff', {
          params: { path: { id: id! }, query: { compareWith: compareWith! } },
          signal,
        }),
      ),
  });
}

/** Operations fetched per page when a person asks for all of them (the endpoint's largest page). */
export const REACHES_PAGE_SIZE = 1000;

/**
 * Every operation one schema entry of the diff reaches (its `reaches` names the first 20): fetched
 * only once asked for (`enabled`), a page of REACHES_PAGE_SIZE at a time. `entry` is the entry's
 * index among the diff's entries.
 */
export function useApiSpecDiffReaches(id: string, compareWith: string, entry: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: apiKeys.reaches(id, compareWith, entry),
    enabled,
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        await api.GET('/api/v1/api-specs/{id}/diff/reaches', {
          params: { path: { id }, query: { compareWith, entry, skip: pageParam, take: REACHES_PAGE_SIZE } },
          signal,
        }),
      ),
    getNextPageParam: (last) => (last.skip + last.data.length < last.total ? last.skip + last.data.length : undefined),
  });
}

export function useApiSpecConsumers(id: string | undefined) {
  return useQuery({
    queryKey: apiKeys.consumers(id ?? ''),
    enabled: !!id,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/api-specs/{id}/consumers', { params: { path: { id: id! } }, signal })),
  });
}

/** Admin: move a spec through its lifecycle (active → deprecated → sunset), with optional dates. */
export function useUpdateSpecStatus(componentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: { id: string; status: SpecStatus; sunsetAt?: string | null }) =>
      unwrap(await api.PATCH('/api/v1/api-specs/{id}', { params: { path: { id } }, body })),
    onSuccess: (_data, { id }) => {
      void client.invalidateQueries({ queryKey: apiKeys.specs(componentId) });
      void client.invalidateQueries({ queryKey: apiKeys.spec(id) });
    },
  });
}

export type SpecFormat = 'openapi' | 'asyncapi';

/** Admin: register a spec version on a component (400 details kept per field, decision 706). */
export function useRegisterSpec(componentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; version: string; spec: string; format?: SpecFormat }) =>
      unwrapFields(
        await api.POST('/api/v1/catalog/components/{id}/api-specs', { params: { path: { id: componentId } }, body }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: apiKeys.specs(componentId) }),
  });
}

/** Admin: remove a spec version. */
export function useDeleteSpec() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      unwrap(await api.DELETE('/api/v1/api-specs/{id}', { params: { path: { id } } }));
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['api-specs'] }),
  });
}

/** Admin: register a component or a team as a consumer of a spec (each at most once). */
export function useAddConsumer(specId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { consumerComponentId?: string; consumerTeamId?: string }) =>
      unwrapFields(await api.POST('/api/v1/api-specs/{id}/consumers', { params: { path: { id: specId } }, body })),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['api-specs'] }),
  });
}

export function useRemoveConsumer(specId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (consumerId: string) => {
      unwrap(
        await api.DELETE('/api/v1/api-specs/{id}/consumers/{consumerId}', {
          params: { path: { id: specId, consumerId } },
        }),
      );
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['api-specs'] }),
  });
}

/** What a consumer can be: components matching `q` (the server searches), and the organization's teams. */
export function useConsumerChoices(q: string, enabled: boolean) {
  const components = useQuery({
    queryKey: ['catalog', 'consumer-choices', q] as const,
    enabled,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/api/v1/catalog/components', {
          params: { query: { q: q || undefined, take: 20, sort: 'name' } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const teams = useQuery({
    queryKey: ['teams', 'consumer-choices'] as const,
    enabled,
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/teams', { params: { query: { take: 100 } }, signal })),
    staleTime: 60_000,
  });
  return { components: components.data?.data ?? [], teams: teams.data?.data ?? [] };
}
