// Deployments and environments: /deployments (what runs where, per environment, and the feed,
// filtered by environment, component and status in search params), one deployment's page and one
// environment's page (its details and its own feed, paged in the URL).
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';
import { parseDeploymentsSearch } from './deployments-search';

export const deploymentsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/deployments',
  validateSearch: parseDeploymentsSearch,
  component: lazyRouteComponent(() => import('./deployments-page'), 'DeploymentsPage'),
});

export const deploymentRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/deployments/$deploymentId',
  loader: async ({ context: { queryClient }, params }) => {
    const { deploymentQuery } = await import('./queries');
    void queryClient.prefetchQuery(deploymentQuery(params.deploymentId));
  },
  component: lazyRouteComponent(() => import('./deployment-page'), 'DeploymentPage'),
});

export const environmentRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/environments/$environmentId',
  // The environment is the path: only the feed's status and page stay in the URL.
  validateSearch: (raw: Record<string, unknown>) => {
    const { status, page } = parseDeploymentsSearch(raw);
    return { ...(status ? { status } : {}), ...(page ? { page } : {}) };
  },
  component: lazyRouteComponent(() => import('./environment-page'), 'EnvironmentPage'),
});

export const deploymentRoutes = [deploymentsRoute, deploymentRoute, environmentRoute];
