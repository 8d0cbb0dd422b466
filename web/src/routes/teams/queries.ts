import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import type { TeamSummary } from '../types';
import { queryKeys } from './keys';

/** Teams are few (hundreds): the list is read whole, up to this many, and filtered in the browser (decision 148). */
export const MAX_TEAMS = 1000;

export function useAllTeams() {
  return useQuery({
    queryKey: queryKeys.teams.list({ all: true }),
    queryFn: async ({ signal }) => {
      const teams: TeamSummary[] = [];
      let total = Infinity;
      while (teams.length < Math.min(total, MAX_TEAMS)) {
        const page = unwrap(await api.GET('/api/v1/teams', { params: { query: { skip: teams.length, take: 100 } }, signal }));
        teams.push(...page.data);
        total = page.total;
        if (page.data.length === 0) break;
      }
      return { teams, total };
    },
    staleTime: 60_000,
  });
}

export function useTeam(id: string) {
  return useQuery({
    queryKey: queryKeys.teams.team(id),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/teams/{id}', { params: { path: { id } }, signal })),
  });
}

export function useTeamComponents(id: string) {
  return useQuery({
    queryKey: queryKeys.teams.components(id, {}),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/teams/{id}/components', { params: { path: { id } }, signal })),
  });
}

export function usePeople(query: { q?: string; team?: string; page?: number }, size = 50) {
  const params = { q: query.q, team: query.team, skip: ((query.page ?? 1) - 1) * size, take: size };
  return useQuery({
    queryKey: queryKeys.catalog.people(params),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/catalog/people', { params: { query: params }, signal })),
    placeholderData: keepPreviousData,
  });
}
