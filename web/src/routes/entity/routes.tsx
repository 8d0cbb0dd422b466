// The entity page at /catalog/<kind>/<namespace>/<name>, the same triple as
// GET /api/v1/catalog/entities/:kind/:namespace/:name; its tab, graph filters and spec selection are
// search params, so every view can be linked.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';
import { parseEntitySearch } from './entity-search';

export const entityRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/catalog/$kind/$namespace/$name',
  validateSearch: parseEntitySearch,
  loader: async ({ context: { queryClient }, params }) => {
    const { entityByRefQuery } = await import('../catalog');
    void queryClient.prefetchQuery(entityByRefQuery(params.kind, params.namespace, params.name));
  },
  component: lazyRouteComponent(() => import('./entity-page'), 'EntityPage'),
});

export const entityRoutes = [entityRoute];
