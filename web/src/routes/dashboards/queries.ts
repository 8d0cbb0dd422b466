// Dashboards and their widgets (routes/dashboards). Keys start with 'dashboards'.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { Body, OkBody } from '../../api/types';
import { unwrapFields } from '../../api/field-errors';
import { dashboardKeys } from './keys';

export type Dashboard = OkBody<'getDashboard'>;
export type Widget = Dashboard['widgets'][number];
export type WidgetType = Widget['type'];
export type DashboardPatch = Body<'updateDashboard'>;
export type WidgetPatch = Body<'updateDashboardWidget'>;
export interface LayoutItem {
  id: string;
  gridX: number;
  gridY: number;
  gridW: number;
  gridH: number;
}

export function useDashboards(page: number, size = 50) {
  const query = { skip: (page - 1) * size, take: size };
  return useQuery({
    queryKey: dashboardKeys.list(query),
    queryFn: async ({ signal }) => unwrap(await api.GET('/api/v1/dashboards', { params: { query }, signal })),
  });
}

export const dashboardQuery = (id: string) =>
  queryOptions({
    queryKey: dashboardKeys.dashboard(id),
    queryFn: async ({ signal }) =>
      unwrap(await api.GET('/api/v1/dashboards/{id}', { params: { path: { id } }, signal })),
  });

export function useDashboard(id: string) {
  return useQuery(dashboardQuery(id));
}

/** A widget's data; refreshed every minute while on screen (widget data has no live event). */
export function useWidgetData(dashboardId: string, widgetId: string) {
  return useQuery({
    queryKey: dashboardKeys.data(dashboardId, widgetId),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.GET('/api/v1/dashboards/{dashboardId}/widgets/{widgetId}/data', {
          params: { path: { dashboardId, widgetId } },
          signal,
        }),
      ),
    refetchInterval: 60_000,
  });
}

function useDashboardsMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void client.invalidateQueries({ queryKey: dashboardKeys.all() }),
  });
}

export const useCreateDashboard = () =>
  useDashboardsMutation(async (body: { name: string; description?: string; visibility: 'private' | 'workspace' }) =>
    unwrap(await api.POST('/api/v1/dashboards', { body })),
  );

/** Admin edits keep the server's 400 details by field (`name`, `config.objective`) for the dialogs. */
export const useUpdateDashboard = (id: string) =>
  useDashboardsMutation(async (body: DashboardPatch) =>
    unwrapFields(await api.PATCH('/api/v1/dashboards/{id}', { params: { path: { id } }, body })),
  );

export const useUpdateWidget = (dashboardId: string, widgetId: string) =>
  useDashboardsMutation(async (body: WidgetPatch) =>
    unwrapFields(
      await api.PATCH('/api/v1/dashboards/{dashboardId}/widgets/{widgetId}', {
        params: { path: { dashboardId, widgetId } },
        body,
      }),
    ),
  );

export const useDeleteDashboard = () =>
  useDashboardsMutation(async (id: string) =>
    unwrap(await api.DELETE('/api/v1/dashboards/{id}', { params: { path: { id } } })),
  );

export const useAddWidget = (dashboardId: string) =>
  useDashboardsMutation(
    async (body: {
      type: WidgetType;
      title: string;
      gridX: number;
      gridY: number;
      gridW: number;
      gridH: number;
      config?: Record<string, unknown>;
    }) => unwrap(await api.POST('/api/v1/dashboards/{id}/widgets', { params: { path: { id: dashboardId } }, body })),
  );

export const useDeleteWidget = (dashboardId: string) =>
  useDashboardsMutation(async (widgetId: string) =>
    unwrap(
      await api.DELETE('/api/v1/dashboards/{dashboardId}/widgets/{widgetId}', {
        params: { path: { dashboardId, widgetId } },
      }),
    ),
  );

/** Saves a whole arrangement in one request; the page shows the new order at once (optimistic). */
export function useSaveLayout(dashboardId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (widgets: LayoutItem[]) =>
      unwrap(
        await api.PATCH('/api/v1/dashboards/{id}/layout', { params: { path: { id: dashboardId } }, body: { widgets } }),
      ),
    onMutate: async (widgets) => {
      await client.cancelQueries({ queryKey: dashboardKeys.dashboard(dashboardId) });
      const before = client.getQueryData<Dashboard>(dashboardKeys.dashboard(dashboardId));
      if (before) {
        const at = new Map(widgets.map((w) => [w.id, w]));
        client.setQueryData<Dashboard>(dashboardKeys.dashboard(dashboardId), {
          ...before,
          widgets: before.widgets.map((w) => ({ ...w, ...at.get(w.id) })),
        });
      }
      return { before };
    },
    onError: (_err, _vars, ctx) => ctx?.before && client.setQueryData(dashboardKeys.dashboard(dashboardId), ctx.before),
    onSettled: () => void client.invalidateQueries({ queryKey: dashboardKeys.dashboard(dashboardId) }),
  });
}
