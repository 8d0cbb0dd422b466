import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseListSearch } from '../../lib/search-params';
import { appRoute } from '../root';

export const peopleRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/people',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('./people-page'), 'PeoplePage'),
});

export const peopleRoutes = [peopleRoute];
