// Hooks of the audit log and webhooks pages (issue 36; decisions 996–998). The audit list pages by the
// server's keyset cursor; the export is fetched with the session (token and organization header) and
// handed to the browser as a file, so it needs no second way of signing in.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';
import { unwrapFields } from '../../api/field-errors';
import type { Body, OkBody, QueryOf } from '../../api/types';
import { adminKeys } from './keys';

export type AuditRecord = OkBody<'listAuditRecords'>['data'][number];
export type AuditQuery = Omit<QueryOf<'listAuditRecords'>, 'limit'>;
export type WebhookSubscription = OkBody<'listWebhookSubscriptions'>[number];
export type WebhookBody = Body<'createWebhookSubscription'>;

export function useAuditRecords(orgId: string | undefined, query: AuditQuery, limit = 50) {
  return useQuery({
    queryKey: adminKeys.audit(orgId ?? null, { ...query, limit }),
    queryFn: async ({ signal }) =>
      unwrapFields(await api.GET('/api/v1/audit', { params: { query: { ...query, limit } }, signal })),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the export of the filtered records (NDJSON or CSV) as a file. */
export function useAuditExport() {
  return useMutation({
    mutationFn: async ({ query, format }: { query: AuditQuery; format: 'ndjson' | 'csv' }) => {
      const { cursor: _cursor, ...filter } = query;
      const result = await api.GET('/api/v1/audit/export', {
        params: { query: { ...filter, format } },
        parseAs: 'blob',
      });
      const blob = unwrapFields(result) as unknown as Blob;
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `audit-${new Date().toISOString().slice(0, 10)}.${format}`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
}

function useWebhookWrite<TArgs, TResult>(orgId: string | undefined, fn: (args: TArgs) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: adminKeys.webhooks(orgId ?? null) });
    },
  });
}

export function useWebhooks(orgId: string | undefined) {
  return useQuery({
    queryKey: adminKeys.webhooks(orgId ?? null),
    enabled: orgId !== undefined,
    queryFn: async ({ signal }) => unwrapFields(await api.GET('/api/v1/webhook-subscriptions', { signal })),
  });
}

export function useWebhookDeliveries(orgId: string | undefined, id: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.webhookDeliveries(orgId ?? null, id),
    enabled,
    queryFn: async ({ signal }) =>
      unwrapFields(
        await api.GET('/api/v1/webhook-subscriptions/{id}/deliveries', {
          params: { path: { id }, query: { limit: 50 } },
          signal,
        }),
      ),
  });
}

export function useCreateWebhook(orgId: string | undefined) {
  return useWebhookWrite(orgId, async (body: WebhookBody) =>
    unwrapFields(await api.POST('/api/v1/webhook-subscriptions', { body })),
  );
}

export function useUpdateWebhook(orgId: string | undefined) {
  return useWebhookWrite(orgId, async ({ id, active }: { id: string; active: boolean }) =>
    unwrapFields(await api.PATCH('/api/v1/webhook-subscriptions/{id}', { params: { path: { id } }, body: { active } })),
  );
}

export function useDeleteWebhook(orgId: string | undefined) {
  return useWebhookWrite(orgId, async (id: string) =>
    unwrapFields(await api.DELETE('/api/v1/webhook-subscriptions/{id}', { params: { path: { id } } })),
  );
}

export function useTestWebhook(orgId: string | undefined) {
  return useWebhookWrite(orgId, async (id: string) =>
    unwrapFields(await api.POST('/api/v1/webhook-subscriptions/{id}/test', { params: { path: { id } } })),
  );
}

export function useRotateWebhookSecret(orgId: string | undefined) {
  return useWebhookWrite(orgId, async (id: string) =>
    unwrapFields(await api.POST('/api/v1/webhook-subscriptions/{id}/rotate-secret', { params: { path: { id } } })),
  );
}

export function useRedeliver(orgId: string | undefined) {
  return useWebhookWrite(orgId, async ({ id, deliveryId }: { id: string; deliveryId: string }) =>
    unwrapFields(
      await api.POST('/api/v1/webhook-subscriptions/{id}/deliveries/{deliveryId}/redeliver', {
        params: { path: { id, deliveryId } },
      }),
    ),
  );
}
