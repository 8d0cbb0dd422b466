import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogFilterQuery, catalogListQuery, type CatalogSearch } from '../../lib/search-params';
import { api, unwrap } from '../client';
import type { ComponentListQuery, OkBody, QueryOf } from '../types';
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

export type CatalogFacets = OkBody<'catalogFacets'>;

/** Counts per filter value with the other filters applied (GET /api/v1/catalog/facets). */
export function useCatalogFacets(search: CatalogSearch) {
  const query = catalogFilterQuery(search) as QueryOf<'catalogFacets'>;
  return useQuery({
    queryKey: queryKeys.catalog.facets(query),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/catalog/facets', { params: { query }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
