import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';

/** `level`, `team` and `page` of a scorecard's results, read leniently from the URL. */
export interface ScorecardSearch {
  level?: string;
  team?: string;
  page?: number;
}

export function parseScorecardSearch(raw: Record<string, unknown>): ScorecardSearch {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  const page = Number(raw.page);
  return { level: text(raw.level), team: text(raw.team), page: Number.isInteger(page) && page > 1 ? page : undefined };
}

export const scorecardsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/scorecards',
  component: lazyRouteComponent(() => import('./scorecards-page'), 'ScorecardsPage'),
});

export const scorecardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/scorecards/$scorecardId',
  validateSearch: parseScorecardSearch,
  loader: async ({ context: { queryClient }, params }) => {
    const { scorecardQuery } = await import('./queries');
    void queryClient.prefetchQuery(scorecardQuery(params.scorecardId));
  },
  component: lazyRouteComponent(() => import('./scorecard-page'), 'ScorecardPage'),
});

export const scorecardRoutes = [scorecardsRoute, scorecardRoute];
