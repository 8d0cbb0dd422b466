import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';
import { incidentQuery } from './queries';
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
  // The incidents' queries are in the first chunk already (search.ts reads their constants).
  loader: ({ context: { queryClient }, params }) => void queryClient.prefetchQuery(incidentQuery(params.incidentId)),
  component: lazyRouteComponent(() => import('./incident-page'), 'IncidentPage'),
});

export const incidentRoutes = [incidentsRoute, incidentRoute];
