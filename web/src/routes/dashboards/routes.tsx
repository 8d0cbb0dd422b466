import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';

export const dashboardsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dashboards',
  component: lazyRouteComponent(() => import('./dashboards-page'), 'DashboardsPage'),
});

export const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dashboards/$dashboardId',
  loader: async ({ context: { queryClient }, params }) => {
    const { dashboardQuery } = await import('./queries');
    void queryClient.prefetchQuery(dashboardQuery(params.dashboardId));
  },
  component: lazyRouteComponent(() => import('./dashboard-page'), 'DashboardPage'),
});

export const dashboardRoutes = [dashboardsRoute, dashboardRoute];
