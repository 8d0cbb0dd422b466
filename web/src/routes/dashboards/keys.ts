// The dashboards area's query keys. Every key starts with the area a live event invalidates (live/event-keys.ts),
// so an open page follows the server with a prefix match.
export const dashboardKeys = {
  all: () => ['dashboards'] as const,
  list: (q: object) => ['dashboards', 'list', q] as const,
  dashboard: (id: string) => ['dashboards', 'dashboard', id] as const,
  data: (dashboardId: string, widgetId: string) => ['dashboards', 'data', dashboardId, widgetId] as const,
};
