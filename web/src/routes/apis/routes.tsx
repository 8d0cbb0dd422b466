// Owned by the entity helper (starter written by the shell so the router compiles): the API list at /apis.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';

export const apisRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/apis',
  component: lazyRouteComponent(() => import('./apis-page'), 'ApisPage'),
});

export const apiRoutes = [apisRoute];
