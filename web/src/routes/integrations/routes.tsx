import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';
import { parseIntegrationSearch } from './integrations-search';

// One route per integration; each page is its own lazy chunk (decision 146), charts a further one.

const overviewRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/integrations',
  validateSearch: parseIntegrationSearch,
  component: lazyRouteComponent(() => import('./overview-page'), 'IntegrationsOverviewPage'),
});

const gitopsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/integrations/gitops',
  validateSearch: parseIntegrationSearch,
  component: lazyRouteComponent(() => import('./gitops-page'), 'GitopsPage'),
});

const ciRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/integrations/ci',
  validateSearch: parseIntegrationSearch,
  component: lazyRouteComponent(() => import('./ci-page'), 'CiPage'),
});

const clusterRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/integrations/cluster',
  validateSearch: parseIntegrationSearch,
  component: lazyRouteComponent(() => import('./cluster-page'), 'ClusterPage'),
});

const meshRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/integrations/mesh',
  validateSearch: parseIntegrationSearch,
  component: lazyRouteComponent(() => import('./mesh-page'), 'MeshPage'),
});

const meshOneRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/integrations/meshone',
  validateSearch: parseIntegrationSearch,
  component: lazyRouteComponent(() => import('./meshone-page'), 'MeshOnePage'),
});

const meshTwoRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/integrations/meshtwo',
  validateSearch: parseIntegrationSearch,
  component: lazyRouteComponent(() => import('./meshtwo-page'), 'MeshTwoPage'),
});

const policyRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/integrations/policy',
  validateSearch: parseIntegrationSearch,
  component: lazyRouteComponent(() => import('./policy-page'), 'PolicyPage'),
});

const costRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/integrations/cost',
  validateSearch: parseIntegrationSearch,
  component: lazyRouteComponent(() => import('./cost-page'), 'CostPage'),
});

const registryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/integrations/registry',
  validateSearch: parseIntegrationSearch,
  component: lazyRouteComponent(() => import('./registry-page'), 'RegistryPage'),
});

const gatewayRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/integrations/gateway',
  validateSearch: parseIntegrationSearch,
  component: lazyRouteComponent(() => import('./gateway-page'), 'GatewayPage'),
});

export const integrationRoutes = [
  overviewRoute,
  gitopsRoute,
  ciRoute,
  clusterRoute,
  meshRoute,
  meshOneRoute,
  meshTwoRoute,
  policyRoute,
  costRoute,
  registryRoute,
  gatewayRoute,
];
