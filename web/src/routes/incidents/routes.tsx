import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';
import { parseIncidentsSearch } from './search';

export const incidentsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/incidents',
  validateSearch: parseIncidentsSearch,
  component: lazyRouteComponent(() => import('./incidents-page'), 'IncidentsPage'),
});

export const incidentRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/incidents/$incidentId',
  loader: async ({ context: { queryClient }, params }) => {
    const { incidentQuery } = await import('./queries');
    void queryClient.prefetchQuery(incidentQuery(params.incidentId));
  },
  component: lazyRouteComponent(() => import('./incident-page'), 'IncidentPage'),
});

export const incidentRoutes = [incidentsRoute, incidentRoute];
