// The API list at /apis and an API's page at /apis/<namespace>/<name> (a catalog entity of kind API:
// its spec versions, reference, diff and consumers). Filters and the spec selection are search params.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';
import { parseApiListSearch, parseSpecSearch } from './apis-search';

// The entity page's search validation reads the spec selection from here, not from index.ts: the
// router is in the shell, and index.ts would pull the spec panel and the diff view into it (decision 1151).
export { parseSpecSearch, type SpecSearch } from './apis-search';

export const apisRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/apis',
  validateSearch: parseApiListSearch,
  component: lazyRouteComponent(() => import('./apis-page'), 'ApisPage'),
});

export const apiRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/apis/$namespace/$name',
  validateSearch: parseSpecSearch,
  loader: async ({ context: { queryClient }, params }) => {
    const { entityByRefQuery } = await import('../catalog');
    void queryClient.prefetchQuery(entityByRefQuery('api', params.namespace, params.name));
  },
  component: lazyRouteComponent(() => import('./api-page'), 'ApiPage'),
});

export const apiRoutes = [apisRoute, apiRoute];
