import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { operations } from '../schema';
import { queryKeys } from './keys';

export type Scorecard = Awaited<ReturnType<typeof fetchScorecard>>;
export type EntityScorecard = Awaited<ReturnType<typeof fetchEntityScorecards>>[number];
export type ScorecardDefinition = operations['createScorecard']['requestBody']['content']['application/json'];

const fetchScorecard = async (id: string, signal?: AbortSignal) => unwrap(await api.GET('/api/v1/scorecards/{id}', { params: { path: { id } }, signal }));
const fetchEntityScorecards = async (id: string, signal?: AbortSignal) =>
  unwrap(await api.GET('/api/v1/scorecards/entities/{id}', { params: { path: { id } }, signal }));
const createScorecard = async (body: ScorecardDefinition) => unwrap(await api.POST('/api/v1/scorecards', { body }));

export function useScorecards(page = 1, size = 50) {
  const params = { skip: (page - 1) * size, take: size };
  return useQuery({
    queryKey: queryKeys.scorecards.list(params),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/scorecards', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useScorecard(id: string) {
  return useQuery({ queryKey: queryKeys.scorecards.scorecard(id), queryFn: ({ signal }) => fetchScorecard(id, signal) });
}

export function useScorecardResults(id: string, query: { level?: string; teamId?: string; page?: number }, size = 50) {
  const params = { level: query.level, teamId: query.teamId, skip: ((query.page ?? 1) - 1) * size, take: size };
  return useQuery({
    queryKey: queryKeys.scorecards.results(id, params),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/scorecards/{id}/results', { params: { path: { id }, query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useEntityScorecards(componentId: string) {
  return useQuery({ queryKey: queryKeys.scorecards.entity(componentId), queryFn: ({ signal }) => fetchEntityScorecards(componentId, signal) });
}

export function useEntityScorecardHistory(componentId: string, scorecardId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.scorecards.history(componentId, scorecardId ?? ''),
    enabled: !!scorecardId,
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/scorecards/entities/{id}/history', { params: { path: { id: componentId }, query: { scorecardId, take: 100 } }, signal })),
  });
}

/** Admin: create (no id) or change a scorecard from its definition. */
export function useSaveScorecard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, definition }: { id?: string; definition: ScorecardDefinition }) =>
      id ? unwrap(await api.PATCH('/api/v1/scorecards/{id}', { params: { path: { id } }, body: definition })) : createScorecard(definition),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.scorecards.all() }),
  });
}
