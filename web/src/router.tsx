// Code-based TanStack Router. Each area declares its routes (paths and validated search params, a few
// hundred bytes) in routes/<area>/routes.tsx; their page components are lazy, so each area's code is
// its own chunk, loaded on first visit (decision 146).
import { createRouter } from '@tanstack/react-router';
import { queryClient } from './query-client';
import { accountRoutes } from './routes/account/routes';
import { adminRoutes } from './routes/admin/routes';
import { apiRoutes } from './routes/apis/routes';
import { authRoutes } from './routes/auth/routes';
import { catalogRoutes } from './routes/catalog/routes';
import { createRoutes } from './routes/create/routes';
import { deploymentRoutes } from './routes/deployments/routes';
import { dashboardRoutes } from './routes/dashboards/routes';
import { doraRoutes } from './routes/dora/routes';
import { entityRoutes } from './routes/entity/routes';
import { homeRoute } from './routes/home';
import { iacRoutes } from './routes/iac/routes';
import { incidentRoutes } from './routes/incidents/routes';
import { integrationRoutes } from './routes/integrations/routes';
import { NotFound } from './routes/not-found';
import { notificationRoutes } from './routes/notifications/routes';
import { peopleRoutes } from './routes/people/routes';
import { pipelineRoutes } from './routes/pipelines/routes';
import { appRoute, rootRoute } from './routes/root';
import { scorecardRoutes } from './routes/scorecards/routes';
import { searchRoutes } from './routes/search/routes';
import { teamRoutes } from './routes/teams/routes';

const routeTree = rootRoute.addChildren([
  ...authRoutes,
  appRoute.addChildren([
    homeRoute,
    ...catalogRoutes,
    ...entityRoutes,
    ...apiRoutes,
    ...searchRoutes,
    ...teamRoutes,
    ...peopleRoutes,
    ...createRoutes,
    ...deploymentRoutes,
    ...incidentRoutes,
    ...dashboardRoutes,
    ...notificationRoutes,
    ...pipelineRoutes,
    ...adminRoutes,
    ...accountRoutes,
    ...doraRoutes,
    ...scorecardRoutes,
    ...iacRoutes,
    ...integrationRoutes,
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // Data comes from TanStack Query; the router's own loader cache stays out of the way. Detail routes'
  // loaders only start their page's queries (prefetchQuery: never throws, never holds the page), so a
  // preload on hover fetches the data with the code (decision 943).
  defaultPreloadStaleTime: 0,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
