import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchKind } from '../../lib/search-params';
import { ApiError, sessionFetch } from '../client';
import { queryKeys } from './keys';

export interface SearchItem {
  kind: SearchKind;
  id: string;
  name: string;
  title: string | null;
  description: string | null;
  namespace: string | null;
  entityKind: string | null;
  match: 'exact' | 'prefix' | 'fulltext' | 'fuzzy';
  score: number;
}
export interface SearchGroup {
  kind: SearchKind;
  total: number;
  items: SearchItem[];
}
export interface SearchAnswer {
  query: string;
  groups: SearchGroup[];
}

/** GET /api/v1/search: results grouped by kind, best group first. Disabled for an empty query. */
export function useSearch(q: string | undefined, opts: { kinds?: SearchKind[]; take?: number } = {}) {
  const params = { q: q?.trim() ?? '', kinds: opts.kinds?.join(','), take: opts.take };
  return useQuery({
    queryKey: queryKeys.search(params),
    enabled: params.q.length > 0,
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ q: params.q.slice(0, 200) });
      if (params.kinds) query.set('kinds', params.kinds);
      if (params.take) query.set('take', String(params.take));
      const res = await sessionFetch(new Request(`/api/v1/search?${query}`, { signal }));
      const body = (await res.json().catch(() => ({}))) as SearchAnswer & { message?: string };
      if (!res.ok) throw new ApiError(res.status, body.message ?? `The server answered ${res.status}`);
      return body;
    },
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
