// Hooks of Administration → Discovery (docs/modules/discovery.md): sources, their last scan, scan now.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrapFields } from '../../api/field-errors';
import type { operations } from '../../api/schema';
import type { OkBody } from '../../api/types';
import { adminKeys } from './keys';

export type DiscoverySource = OkBody<'listDiscoverySources'>[number];
export type DiscoverySourceBody = operations['createDiscoverySource']['requestBody']['content']['application/json'];

const keys = adminKeys;
const ACTIVE = new Set(['queued', 'running', 'paused']);

export function useDiscoverySources(orgId: string | undefined) {
  return useQuery({
    queryKey: keys.discovery(orgId ?? null),
    queryFn: async ({ signal }) => unwrapFields(await api.GET('/api/v1/catalog/discovery', { signal })),
    // A scan in progress is followed until it ends.
    refetchInterval: (q) => (q.state.data?.some((s) => ACTIVE.has(s.lastScan.state)) ? 2000 : false),
  });
}

export function useDiscoveryStatus(id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.discoveryStatus(id),
    queryFn: async ({ signal }) =>
      unwrapFields(await api.GET('/api/v1/catalog/discovery/{id}/status', { params: { path: { id } }, signal })),
    enabled,
    refetchInterval: (q) => (q.state.data && ACTIVE.has(q.state.data.state) ? 2000 : false),
  });
}

function useWrite<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: keys.all() });
    },
  });
}

export function useCreateDiscoverySource() {
  return useWrite(async (body: DiscoverySourceBody) =>
    unwrapFields(await api.POST('/api/v1/catalog/discovery', { body })),
  );
}

export function useScanDiscoverySource() {
  return useWrite(async (id: string) =>
    unwrapFields(await api.POST('/api/v1/catalog/discovery/{id}/scan', { params: { path: { id } } })),
  );
}

export function useDeleteDiscoverySource() {
  return useWrite(async (id: string) =>
    unwrapFields(await api.DELETE('/api/v1/catalog/discovery/{id}', { params: { path: { id } } })),
  );
}
