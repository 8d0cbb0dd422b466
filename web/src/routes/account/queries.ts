// Hooks of the sign-in page's providers, the account page (identities, personal access tokens) and the
// service accounts' administration (decisions 838-840).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrapFields } from '../../api/field-errors';
import type { operations } from '../../api/schema';
import type { Body, OkBody } from '../../api/types';
import { accountKeys } from './keys';

export type TokenBody = Body<'createToken'>;
export type ServiceAccountBody = Body<'createServiceAccount'>;
export type AccessToken = OkBody<'listTokens'>['data'][number];
export type CreatedToken = NonNullable<operations['createToken']['responses'][201]['content']['application/json']>;
export type ServiceAccount = OkBody<'listServiceAccounts'>['data'][number];

const keys = accountKeys;

function useWrite<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: keys.all() }) });
}

/** Public: whether the password form is offered, and the single sign-on providers. */
export function useSignInProviders() {
  return useQuery({
    queryKey: keys.providers(),
    queryFn: async ({ signal }) => unwrapFields(await api.GET('/api/v1/auth/providers', { signal })),
    staleTime: 60_000,
  });
}

/** The signed-in person with their linked identities. */
export function useMe() {
  return useQuery({
    queryKey: keys.me(),
    queryFn: async ({ signal }) => unwrapFields(await api.GET('/api/v1/auth/me', { signal })),
  });
}

export function useUnlinkIdentity() {
  return useWrite(async (provider: string) =>
    unwrapFields(await api.DELETE('/api/v1/auth/me/identities/{provider}', { params: { path: { provider } } })),
  );
}

/** The caller's tokens, or (admins) another account's. */
export function useTokens(userId?: string, enabled = true) {
  return useQuery({
    queryKey: keys.tokens(userId),
    enabled,
    queryFn: async ({ signal }) =>
      unwrapFields(await api.GET('/api/v1/auth/tokens', { params: { query: userId ? { userId } : {} }, signal })).data,
  });
}

export function useCreateToken() {
  return useWrite(
    async (body: TokenBody) => unwrapFields(await api.POST('/api/v1/auth/tokens', { body })) as CreatedToken,
  );
}

export function useRevokeToken() {
  return useWrite(async (id: string) =>
    unwrapFields(await api.DELETE('/api/v1/auth/tokens/{id}', { params: { path: { id } } })),
  );
}

export function useServiceAccounts(page: number, size = 50) {
  const query = { skip: (page - 1) * size, take: size };
  return useQuery({
    queryKey: keys.serviceAccounts(query),
    queryFn: async ({ signal }) =>
      unwrapFields(await api.GET('/api/v1/auth/service-accounts', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useCreateServiceAccount() {
  return useWrite(async (body: ServiceAccountBody) =>
    unwrapFields(await api.POST('/api/v1/auth/service-accounts', { body })),
  );
}

export function useDeleteServiceAccount() {
  return useWrite(async (id: string) =>
    unwrapFields(await api.DELETE('/api/v1/auth/service-accounts/{id}', { params: { path: { id } } })),
  );
}

export function useCreateServiceAccountToken(id: string) {
  return useWrite(
    async (body: TokenBody) =>
      unwrapFields(
        await api.POST('/api/v1/auth/service-accounts/{id}/tokens', { params: { path: { id } }, body }),
      ) as CreatedToken,
  );
}
