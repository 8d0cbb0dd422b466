import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { OkBody, QueryOf } from '../../api/types';
import { doraKeys } from './keys';

export type DoraMetrics = OkBody<'getDoraMetrics'>;
export type DoraSlice = QueryOf<'getDoraMetrics'>;

/** The four keys of a slice (scope, id, window), with bands and the daily series; never cached by the server. */
export function useDoraMetrics(slice: DoraSlice) {
  return useQuery({
    queryKey: doraKeys.metrics(slice),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/dora/metrics', { params: { query: slice }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export type DrillKind = 'deployments' | 'failed' | 'changes' | 'skewed' | 'incidents';

/** One page of the records behind a figure. */
export function useDoraDrilldown(kind: DrillKind, slice: DoraSlice, page: { skip: number; take: number }) {
  return useQuery({
    queryKey: doraKeys.drilldown(kind, { ...slice, ...page }),
    queryFn: async ({ signal }) => {
      const query = { ...slice, ...page };
      if (kind === 'deployments' || kind === 'failed') {
        const failed = kind === 'failed' ? ('true' as const) : undefined;
        return {
          kind,
          page: unwrap(
            await api.GET('/api/v1/dora/drilldown/deployments', { params: { query: { ...query, failed } }, signal }),
          ),
        } as const;
      }
      if (kind === 'changes' || kind === 'skewed') {
        const skewed = kind === 'skewed' ? ('true' as const) : undefined;
        return {
          kind,
          page: unwrap(
            await api.GET('/api/v1/dora/drilldown/changes', { params: { query: { ...query, skewed } }, signal }),
          ),
        } as const;
      }
      return {
        kind,
        page: unwrap(await api.GET('/api/v1/dora/drilldown/incidents', { params: { query }, signal })),
      } as const;
    },
    placeholderData: keepPreviousData,
  });
}
