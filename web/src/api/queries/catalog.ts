import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogFilterQuery, catalogListQuery, type CatalogSearch } from '../../lib/search-params';
import { api, ApiError, sessionFetch, unwrap } from '../client';
import type { ComponentListQuery } from '../types';
import { queryKeys } from './keys';

/** One page of the catalog, filtered, sorted and paged by the server; the previous page stays on screen while the next loads. */
export function useCatalogPage(search: CatalogSearch) {
  const query = catalogListQuery(search) as ComponentListQuery;
  return useQuery({
    queryKey: queryKeys.catalog.list(query),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/catalog/components', { params: { query }, signal })),
    placeholderData: keepPreviousData,
  });
}

export interface FacetValue {
  value: string;
  count: number;
}
export interface CatalogFacets {
  total: number;
  facets: Partial<Record<'kind' | 'entityKind' | 'type' | 'owner' | 'lifecycle' | 'tag' | 'system' | 'namespace', FacetValue[]>>;
}

/** Counts per filter value with the other filters applied (GET /api/v1/catalog/facets). */
export function useCatalogFacets(search: CatalogSearch) {
  const query = catalogFilterQuery(search);
  return useQuery({
    queryKey: queryKeys.catalog.facets(query),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
      const res = await sessionFetch(new Request(`/api/v1/catalog/facets?${params}`, { signal }));
      const body = (await res.json().catch(() => ({}))) as CatalogFacets & { message?: string };
      if (!res.ok) throw new ApiError(res.status, body.message ?? `The server answered ${res.status}`);
      return body;
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
