// Catalog locations.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrapFields } from '../../api/field-errors';
import type { OkBody } from '../../api/types';
import { catalogKeys } from '../catalog/keys';
import { teamKeys } from '../teams/keys';
import { adminKeys as keys } from './keys';
import { useWrite } from './use-admin-write';

export type LocationResult = OkBody<'refreshCatalogLocation'>;

export function useLocations(page: number, size = 50) {
  const query = { skip: (page - 1) * size, take: size };
  return useQuery({
    queryKey: keys.locations(query),
    queryFn: async ({ signal }) =>
      unwrapFields(await api.GET('/api/v1/catalog/locations', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useRegisterLocation() {
  return useWrite(
    async (body: { url: string; branch?: string; path?: string }) =>
      unwrapFields(await api.POST('/api/v1/catalog/locations', { body })),
    [catalogKeys.all(), teamKeys.all()],
  );
}

export function useRefreshLocation() {
  return useWrite(
    async (id: string) =>
      unwrapFields(await api.POST('/api/v1/catalog/locations/{id}/refresh', { params: { path: { id } } })),
    [catalogKeys.all(), teamKeys.all()],
  );
}

export function useDeleteLocation() {
  return useWrite(
    async (id: string) =>
      unwrapFields(await api.DELETE('/api/v1/catalog/locations/{id}', { params: { path: { id } } })),
    [catalogKeys.all()],
  );
}
