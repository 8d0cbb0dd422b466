import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseCatalogSearch } from '../../lib/search-params';
import { appRoute } from '../root';

export const catalogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/catalog',
  validateSearch: parseCatalogSearch,
  component: lazyRouteComponent(() => import('./catalog-page'), 'CatalogPage'),
});

export const catalogRoutes = [catalogRoute];
