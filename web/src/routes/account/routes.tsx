import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';

/** The signed-in person's own account: linked identities and personal access tokens (decision 839). */
export const accountRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/account',
  component: lazyRouteComponent(() => import('./account-page'), 'AccountPage'),
});

export const accountRoutes = [accountRoute];
