import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';
import { parseModuleSearch, parseModulesSearch, parseStackSearch, parseStacksSearch } from './iac-search';

// The IaC area: each page its own lazy chunk (decision 146); the topology's canvas renderer a further one.
const stacksRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/iac',
  validateSearch: parseStacksSearch,
  component: lazyRouteComponent(() => import('./stacks-page'), 'StacksPage'),
});

const stackRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/iac/stacks/$stackId',
  validateSearch: parseStackSearch,
  loader: async ({ context: { queryClient }, params }) => {
    const { stackQuery } = await import('./queries');
    void queryClient.prefetchQuery(stackQuery(params.stackId));
  },
  component: lazyRouteComponent(() => import('./stack-page'), 'StackPage'),
});

const driftRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/iac/drift',
  component: lazyRouteComponent(() => import('./drift-page'), 'DriftPage'),
});

const modulesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/iac/modules',
  validateSearch: parseModulesSearch,
  component: lazyRouteComponent(() => import('./modules-page'), 'ModulesPage'),
});

const moduleRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/iac/modules/$moduleId',
  validateSearch: parseModuleSearch,
  loader: async ({ context: { queryClient }, params }) => {
    const { iacModuleQuery } = await import('./queries');
    void queryClient.prefetchQuery(iacModuleQuery(params.moduleId));
  },
  component: lazyRouteComponent(() => import('./module-page'), 'ModulePage'),
});

export const iacRoutes = [stacksRoute, stackRoute, driftRoute, modulesRoute, moduleRoute];
