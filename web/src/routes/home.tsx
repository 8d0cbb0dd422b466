import { createRoute, redirect } from '@tanstack/react-router';
import { appRoute } from './root';

/** `/` opens the catalog: it is what people come to the portal for. */
export const homeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/catalog' });
  },
});
