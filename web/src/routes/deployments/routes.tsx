// Deployments and environments at /deployments: what runs where (per environment), and the feed,
// filtered by environment, component and status in search params.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';
import { parseDeploymentsSearch } from './deployments-search';

export const deploymentsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/deployments',
  validateSearch: parseDeploymentsSearch,
  component: lazyRouteComponent(() => import('./deployments-page'), 'DeploymentsPage'),
});

export const deploymentRoutes = [deploymentsRoute];
