// The route tree's two roots, imported by every area's routes.tsx:
// - rootRoute: everything, including the sign-in and register pages;
// - appRoute: the signed-in layout (header, nav, main). Its beforeLoad waits for the session to be
//   restored from the refresh cookie and sends anyone signed out to /sign-in?redirect=<where they were>.
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, Outlet, redirect } from '@tanstack/react-router';
import { restoreSession, session } from '../api/session';
import { AppLayout } from '../components/layout/app-layout';

export interface RouterContext {
  queryClient: QueryClient;
}

let restoring: Promise<boolean> | undefined;
/** The first navigation restores the session once; later ones read the state. */
export async function isSignedIn(): Promise<boolean> {
  if (session.getState().status === 'loading') {
    restoring ??= restoreSession();
    await restoring;
  }
  return session.getState().status === 'signed-in';
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet });

export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ location }) => {
    if (!(await isSignedIn())) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
  },
  component: AppLayout,
});
