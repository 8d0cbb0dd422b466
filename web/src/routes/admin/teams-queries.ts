// Teams' writes and members (the list itself is teams/queries.ts's useAllTeams; writes refresh both areas).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrapFields } from '../../api/field-errors';
import type { Body } from '../../api/types';
import { teamKeys } from '../teams/keys';
import { adminKeys as keys } from './keys';
import { useWrite } from './use-admin-write';

export type TeamBody = Body<'createTeam'>;

export function useSaveTeam() {
  return useWrite(
    async ({ id, body }: { id?: string; body: TeamBody }) =>
      id
        ? unwrapFields(await api.PATCH('/api/v1/teams/{id}', { params: { path: { id } }, body }))
        : unwrapFields(await api.POST('/api/v1/teams', { body })),
    [teamKeys.all()],
  );
}

export function useDeleteTeam() {
  return useWrite(
    async (id: string) => unwrapFields(await api.DELETE('/api/v1/teams/{id}', { params: { path: { id } } })),
    [teamKeys.all()],
  );
}

export function useTeamMembers(teamId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.teamMembers(teamId),
    queryFn: async ({ signal }) =>
      unwrapFields(await api.GET('/api/v1/teams/{id}/members', { params: { path: { id: teamId } }, signal })),
    enabled,
  });
}

export function useAddTeamMember(teamId: string) {
  return useWrite(
    async (userId: string) =>
      unwrapFields(
        await api.POST('/api/v1/teams/{id}/members/{userId}', { params: { path: { id: teamId, userId } }, body: {} }),
      ),
    [teamKeys.all()],
  );
}

export function useRemoveTeamMember(teamId: string) {
  return useWrite(
    async (userId: string) =>
      unwrapFields(
        await api.DELETE('/api/v1/teams/{id}/members/{userId}', { params: { path: { id: teamId, userId } } }),
      ),
    [teamKeys.all()],
  );
}
