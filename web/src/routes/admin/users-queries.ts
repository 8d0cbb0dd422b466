// Users and their global roles (the users page and the member pickers).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrapFields } from '../../api/field-errors';
import type { OkBody } from '../../api/types';
import { adminKeys as keys } from './keys';
import { useWrite } from './use-admin-write';

export type AdminUser = OkBody<'listUsers'>['data'][number];

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
        const page = unwrapFields(
          await api.GET('/api/v1/auth/users', { params: { query: { skip, take: 100 } }, signal }),
        );
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
