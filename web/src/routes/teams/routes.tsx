import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseListSearch } from '../../lib/search-params';
import { appRoute } from '../root';

export const teamsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/teams',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('./teams-page'), 'TeamsPage'),
});

export const teamRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/teams/$teamId',
  validateSearch: parseListSearch,
  loader: async ({ context: { queryClient }, params }) => {
    const { teamQuery } = await import('./queries');
    void queryClient.prefetchQuery(teamQuery(params.teamId));
  },
  component: lazyRouteComponent(() => import('./team-page'), 'TeamPage'),
});

export const teamRoutes = [teamsRoute, teamRoute];
