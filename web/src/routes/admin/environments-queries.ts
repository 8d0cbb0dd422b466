// Environments.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrapFields } from '../../api/field-errors';
import type { Body, OkBody } from '../../api/types';
import { deploymentKeys } from '../deployments/keys';
import { adminKeys as keys } from './keys';
import { useWrite } from './use-admin-write';

export type Environment = OkBody<'listEnvironments'>['data'][number];
export type EnvironmentBody = Body<'createEnvironment'>;

export function useEnvironments() {
  return useQuery({
    queryKey: keys.environments(),
    queryFn: async ({ signal }) => {
      const all: Environment[] = [];
      for (let skip = 0; skip < 1000; skip += 100) {
        const page = unwrapFields(
          await api.GET('/api/v1/environments', { params: { query: { skip, take: 100 } }, signal }),
        );
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
  return useWrite(
    async (id: string) => unwrapFields(await api.DELETE('/api/v1/environments/{id}', { params: { path: { id } } })),
    [deploymentKeys.all()],
  );
}
