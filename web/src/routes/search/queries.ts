import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchKind } from '../../lib/search-params';
import { api, unwrap } from '../../api/client';
import type { OkBody } from '../../api/types';
import { searchKeys } from './keys';

export type SearchItem = OkBody<'search'>['groups'][number]['items'][number];

/** GET /api/v1/search: results grouped by kind, best group first. Disabled for an empty query. */
export function useSearch(q: string | undefined, opts: { kinds?: SearchKind[]; take?: number } = {}) {
  const query = { q: (q?.trim() ?? '').slice(0, 200), kinds: opts.kinds?.join(','), take: opts.take };
  return useQuery({
    queryKey: searchKeys.results(query),
    enabled: query.q.length > 0,
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/search', { params: { query }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
