import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';
import { parseDoraSearch } from './dora-search';

export const doraRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dora',
  validateSearch: parseDoraSearch,
  component: lazyRouteComponent(() => import('./dora-page'), 'DoraPage'),
});

export const doraRoutes = [doraRoute];
