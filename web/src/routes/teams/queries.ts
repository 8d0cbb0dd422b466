import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { TeamSummary } from '../../api/types';
import { catalogKeys } from '../catalog/keys';
import { teamKeys } from './keys';

/** Teams are few (hundreds): the list is read whole, up to this many, and filtered in the browser (decision 148). */
export const MAX_TEAMS = 1000;

export function useAllTeams(enabled = true) {
  return useQuery({
    enabled,
    queryKey: teamKeys.list({ all: true }),
    queryFn: async ({ signal }) => {
      const teams: TeamSummary[] = [];
      let total = Infinity;
      while (teams.length < Math.min(total, MAX_TEAMS)) {
        const page = unwrap(
          await api.GET('/api/v1/teams', { params: { query: { skip: teams.length, take: 100 } }, signal }),
        );
        teams.push(...page.data);
        total = page.total;
        if (page.data.length === 0) break;
      }
      return { teams, total };
    },
    staleTime: 60_000,
  });
}

export const teamQuery = (id: string) =>
  queryOptions({
    queryKey: teamKeys.team(id),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/teams/{id}', { params: { path: { id } }, signal })),
  });

export function useTeam(id: string) {
  return useQuery(teamQuery(id));
}

export function useTeamComponents(id: string) {
  return useQuery({
    queryKey: teamKeys.components(id, {}),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/teams/{id}/components', { params: { path: { id } }, signal })),
  });
}

export function usePeople(query: { q?: string; team?: string; page?: number }, size = 50) {
  const params = { q: query.q, team: query.team, skip: ((query.page ?? 1) - 1) * size, take: size };
  return useQuery({
    queryKey: catalogKeys.people(params),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/catalog/people', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}
