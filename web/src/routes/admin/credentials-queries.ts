// Integration credentials (of the organization chosen in the header: X-Organization-Id).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrapFields } from '../../api/field-errors';
import type { Body, OkBody } from '../../api/types';
import { adminKeys as keys } from './keys';
import { useWrite } from './use-admin-write';

export type Credential = OkBody<'listIntegrationCredentials'>[number];
export type CredentialBody = Body<'createIntegrationCredential'>;

export function useCredentials(orgId: string | undefined) {
  return useQuery({
    queryKey: keys.credentials(orgId ?? null),
    queryFn: async ({ signal }) => unwrapFields(await api.GET('/api/v1/integrations/credentials', { signal })),
  });
}

export function useSaveCredential() {
  return useWrite(async ({ id, body }: { id?: string; body: Partial<CredentialBody> }) =>
    id
      ? unwrapFields(
          await api.PATCH('/api/v1/integrations/credentials/{id}', {
            params: { path: { id } },
            body: { name: body.name, value: body.value },
          }),
        )
      : unwrapFields(await api.POST('/api/v1/integrations/credentials', { body: body as CredentialBody })),
  );
}

export function useDeleteCredential() {
  return useWrite(async (id: string) =>
    unwrapFields(await api.DELETE('/api/v1/integrations/credentials/{id}', { params: { path: { id } } })),
  );
}
