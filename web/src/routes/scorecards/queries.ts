import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { operations } from '../../api/schema';
import { unwrapFields } from '../../api/field-errors';
import { exemptionKeys, scorecardKeys } from './keys';

export type Scorecard = Awaited<ReturnType<typeof fetchScorecard>>;
export type EntityScorecard = Awaited<ReturnType<typeof fetchEntityScorecards>>[number];
export type ScorecardDefinition = operations['createScorecard']['requestBody']['content']['application/json'];

const fetchScorecard = async (id: string, signal?: AbortSignal) =>
  unwrap(await api.GET('/api/v1/scorecards/{id}', { params: { path: { id } }, signal }));
const fetchEntityScorecards = async (id: string, signal?: AbortSignal) =>
  unwrap(await api.GET('/api/v1/scorecards/entities/{id}', { params: { path: { id } }, signal }));
const createScorecard = async (body: ScorecardDefinition) => unwrap(await api.POST('/api/v1/scorecards', { body }));

export function useScorecards(page = 1, size = 50) {
  const params = { skip: (page - 1) * size, take: size };
  return useQuery({
    queryKey: scorecardKeys.list(params),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/scorecards', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** `pollMs`: refetch that often (while waiting for a queued evaluation to record its time). */
export const scorecardQuery = (id: string) =>
  queryOptions({ queryKey: scorecardKeys.scorecard(id), queryFn: ({ signal }) => fetchScorecard(id, signal) });

export function useScorecard(id: string, pollMs?: number) {
  return useQuery({ ...scorecardQuery(id), refetchInterval: pollMs ?? false });
}

export function useScorecardResults(id: string, query: { level?: string; teamId?: string; page?: number }, size = 50) {
  const params = { level: query.level, teamId: query.teamId, skip: ((query.page ?? 1) - 1) * size, take: size };
  return useQuery({
    queryKey: scorecardKeys.results(id, params),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/scorecards/{id}/results', { params: { path: { id }, query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useEntityScorecards(componentId: string) {
  return useQuery({
    queryKey: scorecardKeys.entity(componentId),
    queryFn: ({ signal }) => fetchEntityScorecards(componentId, signal),
  });
}

export function useEntityScorecardHistory(componentId: string, scorecardId: string | undefined) {
  return useQuery({
    queryKey: scorecardKeys.history(componentId, scorecardId ?? ''),
    enabled: !!scorecardId,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/api/v1/scorecards/entities/{id}/history', {
          params: { path: { id: componentId }, query: { scorecardId, take: 100 } },
          signal,
        }),
      ),
  });
}

/** Admin: create (no id) or change a scorecard from its definition. */
export function useSaveScorecard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, definition }: { id?: string; definition: ScorecardDefinition }) =>
      id
        ? unwrap(await api.PATCH('/api/v1/scorecards/{id}', { params: { path: { id } }, body: definition }))
        : createScorecard(definition),
    onSuccess: () => void client.invalidateQueries({ queryKey: scorecardKeys.all() }),
  });
}

// Admin actions, exemptions and a team's summary. Keys sit under `scorecards` so the `scorecard.*`
// events (and every write here) refresh them with the rest.
export type ExemptionBody = operations['createScorecardExemption']['requestBody']['content']['application/json'];

/** A component's name and entity path for an exemption row (null when it no longer exists). */
async function componentOf(id: string, signal?: AbortSignal) {
  const { data } = await api.GET('/api/v1/catalog/components/{id}', { params: { path: { id } }, signal });
  return data
    ? {
        name: data.title || data.name,
        kind: data.entityKind.toLowerCase(),
        namespace: data.namespace,
        entityName: data.name,
      }
    : null;
}

/**
 * Exemptions carry a component id only: each distinct component of the page is looked up once, in
 * parallel (a page holds at most `take` of them), so the list can name and link the entity.
 */
async function fetchExemptions(id: string, params: { skip: number; take: number }, signal?: AbortSignal) {
  const page = unwrap(
    await api.GET('/api/v1/scorecards/{id}/exemptions', { params: { path: { id }, query: params }, signal }),
  );
  const ids = [...new Set(page.data.map((e) => e.componentId))];
  const found = await Promise.all(ids.map((c) => componentOf(c, signal)));
  const components = new Map(ids.map((c, i) => [c, found[i] ?? null]));
  return { ...page, data: page.data.map((e) => ({ ...e, component: components.get(e.componentId) ?? null })) };
}

const fetchTeamSummary = async (teamId: string, signal?: AbortSignal) =>
  unwrap(await api.GET('/api/v1/scorecards/teams/{id}/summary', { params: { path: { id: teamId } }, signal }));

export function useScorecardExemptions(id: string, page = 1, size = 50) {
  const params = { skip: (page - 1) * size, take: size };
  return useQuery({
    queryKey: exemptionKeys.list(id, params),
    queryFn: ({ signal }) => fetchExemptions(id, params, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * One entity's exemptions on one scorecard (the entity page's Scorecards tab, decision 543). An entity
 * has at most one per rule and a scorecard at most 100 rules, so one page of 100 holds them all.
 */
export function useEntityExemptions(id: string, componentId: string) {
  return useQuery({
    queryKey: exemptionKeys.entity(id, componentId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/api/v1/scorecards/{id}/exemptions', {
          params: { path: { id }, query: { componentId, skip: 0, take: 100 } },
          signal,
        }),
      ),
  });
}

export type TeamScorecardSummary = Awaited<ReturnType<typeof fetchTeamSummary>>;

export function useTeamScorecardSummary(teamId: string) {
  return useQuery({ queryKey: exemptionKeys.team(teamId), queryFn: ({ signal }) => fetchTeamSummary(teamId, signal) });
}

/** Every scorecard write re-evaluates entities on the server: drop all scorecard answers after it. */
function useScorecardWrite<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => client.invalidateQueries({ queryKey: scorecardKeys.all() }) });
}

/**
 * Admin: delete a scorecard (the built-in one comes back with its shipped definition). `leave` runs
 * first (navigating off its page), so nothing refetches the deleted scorecard and shows its 404.
 */
export function useDeleteScorecard(leave: () => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/api/v1/scorecards/{id}', { params: { path: { id } } })),
    onSuccess: async (_r, id) => {
      await leave();
      client.removeQueries({ queryKey: scorecardKeys.scorecard(id) });
      await client.invalidateQueries({ queryKey: scorecardKeys.all() });
    },
  });
}

/** Admin: queue an evaluation of the scorecard over every entity (202 `{queued}`). */
export function useEvaluateScorecard() {
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.POST('/api/v1/scorecards/{id}/evaluate', { params: { path: { id } } })),
  });
}

/** Admin: waive one rule for one entity; the server's 400 `details` stay on their fields (unwrapFields). */
export function useCreateExemption(id: string) {
  return useScorecardWrite(async (body: ExemptionBody) =>
    unwrapFields(await api.POST('/api/v1/scorecards/{id}/exemptions', { params: { path: { id } }, body })),
  );
}

export function useDeleteExemption(id: string) {
  return useScorecardWrite(async (exemptionId: string) =>
    unwrap(
      await api.DELETE('/api/v1/scorecards/{id}/exemptions/{exemptionId}', { params: { path: { id, exemptionId } } }),
    ),
  );
}
