import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseListSearch } from '../../lib/search-params';
import { appRoute } from '../root';

/** `?q=` searches name and description (server side), `?page=` pages. */
export const pipelinesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/pipelines',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('./pipelines-page'), 'PipelinesPage'),
});

export const newPipelineRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/pipelines/new',
  component: lazyRouteComponent(() => import('./pipeline-editor'), 'NewPipelinePage'),
});

export const pipelineRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/pipelines/$pipelineId',
  loader: async ({ context: { queryClient }, params }) => {
    const { pipelineQuery } = await import('./queries');
    void queryClient.prefetchQuery(pipelineQuery(params.pipelineId));
  },
  component: lazyRouteComponent(() => import('./pipeline-page'), 'PipelinePage'),
});

export const editPipelineRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/pipelines/$pipelineId/edit',
  component: lazyRouteComponent(() => import('./pipeline-editor'), 'EditPipelinePage'),
});

export const runRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/pipelines/$pipelineId/runs/$runId',
  loader: async ({ context: { queryClient }, params }) => {
    const { pipelineQuery, pipelineRunQuery } = await import('./queries');
    void queryClient.prefetchQuery(pipelineQuery(params.pipelineId));
    void queryClient.prefetchQuery(pipelineRunQuery(params.pipelineId, params.runId));
  },
  component: lazyRouteComponent(() => import('./run-page'), 'RunPage'),
});

export const pipelineRoutes = [pipelinesRoute, newPipelineRoute, pipelineRoute, editPipelineRoute, runRoute];
