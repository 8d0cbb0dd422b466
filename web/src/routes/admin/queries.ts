// Hooks of the administration pages (routes/admin). Every write goes through `mutate`, which keeps the
// server's 400 `details` so a form can show each problem on the field it names (decision 782).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrapFields } from '../../api/field-errors';
import type { Body, OkBody } from '../../api/types';
import { catalogKeys } from '../catalog/keys';
import { adminKeys } from './keys';
import { deploymentKeys } from '../deployments/keys';
import { teamKeys } from '../teams/keys';

export type AdminUser = OkBody<'listUsers'>['data'][number];
export type Organization = OkBody<'listOrganizations'>[number];
export type Environment = OkBody<'listEnvironments'>['data'][number];
export type Credential = OkBody<'listIntegrationCredentials'>[number];
export type ServiceTemplate = OkBody<'listServiceTemplates'>['data'][number];
export type LocationResult = OkBody<'refreshCatalogLocation'>;
export type TeamBody = Body<'createTeam'>;
export type EnvironmentBody = Body<'createEnvironment'>;
export type CredentialBody = Body<'createIntegrationCredential'>;
export type TemplateBody = Body<'createServiceTemplate'>;
export type OrganizationBody = Body<'createOrganization'>;
export type OrgRole = Body<'setOrganizationMemberRole'>['role'];

const keys = adminKeys;

/** Invalidates the admin key and, for records other pages show, that area too. */
function useWrite<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>, also: readonly (readonly unknown[])[] = []) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await Promise.all([keys.all(), ...also].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
  });
}

// Users and global roles

export function useUsers(page: number, size = 50) {
  const query = { skip: (page - 1) * size, take: size };
  return useQuery({
    queryKey: keys.users(query),
    queryFn: async ({ signal }) => unwrapFields(await api.GET('/api/v1/auth/users', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** Every user (for the "add member" picker), up to 1,000. */
export function useAllUsers(enabled = true) {
  return useQuery({
    queryKey: keys.users({ all: true }),
    enabled,
    queryFn: async ({ signal }) => {
      const users: AdminUser[] = [];
      for (let skip = 0; skip < 1000; skip += 100) {
        const page = unwrapFields(await api.GET('/api/v1/auth/users', { params: { query: { skip, take: 100 } }, signal }));
        users.push(...page.data);
        if (users.length >= page.total || page.data.length === 0) break;
      }
      return users;
    },
  });
}

export function useSetUserRoles() {
  return useWrite(async ({ id, roles }: { id: string; roles: ('user' | 'admin')[] }) =>
    unwrapFields(await api.PATCH('/api/v1/auth/users/{id}/roles', { params: { path: { id } }, body: { roles } })),
  );
}

/** Deactivates or reactivates an account (decision 837). */
export function useSetUserActive() {
  return useWrite(async ({ id, active }: { id: string; active: boolean }) =>
    unwrapFields(await api.PATCH('/api/v1/auth/users/{id}', { params: { path: { id } }, body: { active } })),
  );
}

// Organizations and members

export function useOrganizations() {
  return useQuery({
    queryKey: keys.organizations(),
    queryFn: async ({ signal }) => unwrapFields(await api.GET('/api/v1/organizations', { signal })),
  });
}

export function useOrganization(id: string) {
  return useQuery({
    queryKey: keys.organization(id),
    queryFn: async ({ signal }) => unwrapFields(await api.GET('/api/v1/organizations/{id}', { params: { path: { id } }, signal })),
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
  return useWrite(async (id: string) => unwrapFields(await api.DELETE('/api/v1/organizations/{id}', { params: { path: { id } } })));
}

export function useMembers(orgId: string) {
  return useQuery({
    queryKey: keys.members(orgId),
    queryFn: async ({ signal }) => unwrapFields(await api.GET('/api/v1/organizations/{id}/members', { params: { path: { id: orgId } }, signal })),
  });
}

export function useAddMember(orgId: string) {
  return useWrite(async (body: { userId: string; role: OrgRole }) =>
    unwrapFields(await api.POST('/api/v1/organizations/{id}/members', { params: { path: { id: orgId } }, body })),
  );
}

export function useSetMemberRole(orgId: string) {
  return useWrite(async ({ userId, role }: { userId: string; role: OrgRole }) =>
    unwrapFields(await api.PATCH('/api/v1/organizations/{id}/members/{userId}/role', { params: { path: { id: orgId, userId } }, body: { role } })),
  );
}

export function useRemoveMember(orgId: string) {
  return useWrite(async (userId: string) =>
    unwrapFields(await api.DELETE('/api/v1/organizations/{id}/members/{userId}', { params: { path: { id: orgId, userId } } })),
  );
}

// Teams (the list itself is queries/teams.ts's useAllTeams; writes refresh both pages)

export function useSaveTeam() {
  return useWrite(
    async ({ id, body }: { id?: string; body: TeamBody }) =>
      id ? unwrapFields(await api.PATCH('/api/v1/teams/{id}', { params: { path: { id } }, body })) : unwrapFields(await api.POST('/api/v1/teams', { body })),
    [teamKeys.all()],
  );
}

export function useDeleteTeam() {
  return useWrite(async (id: string) => unwrapFields(await api.DELETE('/api/v1/teams/{id}', { params: { path: { id } } })), [teamKeys.all()]);
}

export function useTeamMembers(teamId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.teamMembers(teamId),
    queryFn: async ({ signal }) => unwrapFields(await api.GET('/api/v1/teams/{id}/members', { params: { path: { id: teamId } }, signal })),
    enabled,
  });
}

export function useAddTeamMember(teamId: string) {
  return useWrite(
    async (userId: string) => unwrapFields(await api.POST('/api/v1/teams/{id}/members/{userId}', { params: { path: { id: teamId, userId } }, body: {} })),
    [teamKeys.all()],
  );
}

export function useRemoveTeamMember(teamId: string) {
  return useWrite(
    async (userId: string) => unwrapFields(await api.DELETE('/api/v1/teams/{id}/members/{userId}', { params: { path: { id: teamId, userId } } })),
    [teamKeys.all()],
  );
}

// Environments

export function useEnvironments() {
  return useQuery({
    queryKey: keys.environments(),
    queryFn: async ({ signal }) => {
      const all: Environment[] = [];
      for (let skip = 0; skip < 1000; skip += 100) {
        const page = unwrapFields(await api.GET('/api/v1/environments', { params: { query: { skip, take: 100 } }, signal }));
        all.push(...page.data);
        if (all.length >= page.total || page.data.length === 0) break;
      }
      return all;
    },
  });
}

export function useSaveEnvironment() {
  return useWrite(
    async ({ id, body }: { id?: string; body: EnvironmentBody }) =>
      id
        ? unwrapFields(await api.PATCH('/api/v1/environments/{id}', { params: { path: { id } }, body }))
        : unwrapFields(await api.POST('/api/v1/environments', { body })),
    [deploymentKeys.all()],
  );
}

export function useDeleteEnvironment() {
  return useWrite(async (id: string) => unwrapFields(await api.DELETE('/api/v1/environments/{id}', { params: { path: { id } } })), [deploymentKeys.all()]);
}

// Integration credentials (of the organization chosen in the header: X-Organization-Id)

export function useCredentials(orgId: string | undefined) {
  return useQuery({
    queryKey: keys.credentials(orgId ?? null),
    queryFn: async ({ signal }) => unwrapFields(await api.GET('/api/v1/integrations/credentials', { signal })),
  });
}

export function useSaveCredential() {
  return useWrite(async ({ id, body }: { id?: string; body: Partial<CredentialBody> }) =>
    id
      ? unwrapFields(await api.PATCH('/api/v1/integrations/credentials/{id}', { params: { path: { id } }, body: { name: body.name, value: body.value } }))
      : unwrapFields(await api.POST('/api/v1/integrations/credentials', { body: body as CredentialBody })),
  );
}

export function useDeleteCredential() {
  return useWrite(async (id: string) => unwrapFields(await api.DELETE('/api/v1/integrations/credentials/{id}', { params: { path: { id } } })));
}

// Service templates

export function useTemplates() {
  return useQuery({
    queryKey: keys.templates(),
    queryFn: async ({ signal }) => {
      const all: ServiceTemplate[] = [];
      for (let skip = 0; skip < 1000; skip += 100) {
        const page = unwrapFields(await api.GET('/api/v1/service-templates', { params: { query: { skip, take: 100 } }, signal }));
        all.push(...page.data);
        if (all.length >= page.total || page.data.length === 0) break;
      }
      return all;
    },
  });
}

export function useSaveTemplate() {
  return useWrite(async ({ id, body }: { id?: string; body: TemplateBody }) =>
    id
      ? unwrapFields(await api.PATCH('/api/v1/service-templates/{id}', { params: { path: { id } }, body }))
      : unwrapFields(await api.POST('/api/v1/service-templates', { body })),
  );
}

export function useDeleteTemplate() {
  return useWrite(async (id: string) => unwrapFields(await api.DELETE('/api/v1/service-templates/{id}', { params: { path: { id } } })));
}

// Catalog locations

export function useLocations(page: number, size = 50) {
  const query = { skip: (page - 1) * size, take: size };
  return useQuery({
    queryKey: keys.locations(query),
    queryFn: async ({ signal }) => unwrapFields(await api.GET('/api/v1/catalog/locations', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useRegisterLocation() {
  return useWrite(
    async (body: { url: string; branch?: string; path?: string }) => unwrapFields(await api.POST('/api/v1/catalog/locations', { body })),
    [catalogKeys.all(), teamKeys.all()],
  );
}

export function useRefreshLocation() {
  return useWrite(
    async (id: string) => unwrapFields(await api.POST('/api/v1/catalog/locations/{id}/refresh', { params: { path: { id } } })),
    [catalogKeys.all(), teamKeys.all()],
  );
}

export function useDeleteLocation() {
  return useWrite(async (id: string) => unwrapFields(await api.DELETE('/api/v1/catalog/locations/{id}', { params: { path: { id } } })), [catalogKeys.all()]);
}
