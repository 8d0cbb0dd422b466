import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseSearchPageSearch } from '../../lib/search-params';
import { appRoute } from '../root';

export const searchRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/search',
  validateSearch: parseSearchPageSearch,
  component: lazyRouteComponent(() => import('./search-page'), 'SearchPage'),
});

export const searchRoutes = [searchRoute];
