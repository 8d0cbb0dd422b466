// Organizations and their members.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrapFields } from '../../api/field-errors';
import type { Body, OkBody } from '../../api/types';
import { adminKeys as keys } from './keys';
import { useWrite } from './use-admin-write';

export type Organization = OkBody<'listOrganizations'>[number];
export type OrganizationBody = Body<'createOrganization'>;
export type OrgRole = Body<'setOrganizationMemberRole'>['role'];

export function useOrganizations() {
  return useQuery({
    queryKey: keys.organizations(),
    queryFn: async ({ signal }) => unwrapFields(await api.GET('/api/v1/organizations', { signal })),
  });
}

export function useOrganization(id: string) {
  return useQuery({
    queryKey: keys.organization(id),
    queryFn: async ({ signal }) =>
      unwrapFields(await api.GET('/api/v1/organizations/{id}', { params: { path: { id } }, signal })),
  });
}

export function useSaveOrganization() {
  return useWrite(async ({ id, body }: { id?: string; body: OrganizationBody }) =>
    id
      ? unwrapFields(await api.PATCH('/api/v1/organizations/{id}', { params: { path: { id } }, body }))
      : unwrapFields(await api.POST('/api/v1/organizations', { body })),
  );
}

export function useDeleteOrganization() {
  return useWrite(async (id: string) =>
    unwrapFields(await api.DELETE('/api/v1/organizations/{id}', { params: { path: { id } } })),
  );
}

export function useMembers(orgId: string) {
  return useQuery({
    queryKey: keys.members(orgId),
    queryFn: async ({ signal }) =>
      unwrapFields(await api.GET('/api/v1/organizations/{id}/members', { params: { path: { id: orgId } }, signal })),
  });
}

export function useAddMember(orgId: string) {
  return useWrite(async (body: { userId: string; role: OrgRole }) =>
    unwrapFields(await api.POST('/api/v1/organizations/{id}/members', { params: { path: { id: orgId } }, body })),
  );
}

export function useSetMemberRole(orgId: string) {
  return useWrite(async ({ userId, role }: { userId: string; role: OrgRole }) =>
    unwrapFields(
      await api.PATCH('/api/v1/organizations/{id}/members/{userId}/role', {
        params: { path: { id: orgId, userId } },
        body: { role },
      }),
    ),
  );
}

export function useRemoveMember(orgId: string) {
  return useWrite(async (userId: string) =>
    unwrapFields(
      await api.DELETE('/api/v1/organizations/{id}/members/{userId}', { params: { path: { id: orgId, userId } } }),
    ),
  );
}
