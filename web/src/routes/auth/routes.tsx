import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { safeRedirect } from '../../lib/search-params';
import { isSignedIn, rootRoute } from '../root';

const validateSearch = (raw: Record<string, unknown>): { redirect?: string; error?: string } => {
  const to = safeRedirect(raw.redirect);
  // A single sign-on's refusal (decision 838): a short reason word, never free text from the address.
  const error = typeof raw.error === 'string' && /^[a-z]{1,20}$/.test(raw.error) ? raw.error : undefined;
  return { ...(to ? { redirect: to } : {}), ...(error ? { error } : {}) };
};

/** Signed-in visitors skip the form and go where they were headed. */
const skipWhenSignedIn = async ({ search }: { search: { redirect?: string; error?: string } }) => {
  if (await isSignedIn()) throw redirect({ href: search.redirect ?? '/catalog' });
};

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch,
  beforeLoad: skipWhenSignedIn,
  component: lazyRouteComponent(() => import('./sign-in-page'), 'SignInPage'),
});

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  validateSearch,
  beforeLoad: skipWhenSignedIn,
  component: lazyRouteComponent(() => import('./register-page'), 'RegisterPage'),
});

export const authRoutes = [signInRoute, registerRoute];
