import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { paths } from './schema';

export type PermissionAction =
  paths['/api/v1/permissions/check']['post']['requestBody']['content']['application/json']['checks'][number]['action'];

/**
 * May the signed-in user do `action` on `resourceId`? Asked once through the check endpoint
 * (decision 954); the answer's reason is what a refusal would say. Pending or failed: not allowed,
 * so a write action never shows before the server said yes.
 */
export function useCan(action: PermissionAction, resourceId: string | undefined) {
  const query = useQuery({
    queryKey: ['permissions', action, resourceId ?? ''] as const,
    enabled: resourceId !== undefined,
    queryFn: async ({ signal }) =>
      unwrap(
        await api.POST('/api/v1/permissions/check', {
          body: { checks: [{ action, resourceId: resourceId! }] },
          signal,
        }),
      ).results[0]!,
    staleTime: 30_000,
  });
  return query.data?.allowed === true;
}
