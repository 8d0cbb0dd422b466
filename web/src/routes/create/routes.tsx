// "Create a service": the template gallery at /create, and a template's page at /create/<templateId>
// (its form, the dry-run preview, then the scaffold's progress). Their state is in search params.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { appRoute } from '../root';
import { parseCreateSearch, parseGallerySearch } from './create-search';

export const createGalleryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/create',
  validateSearch: parseGallerySearch,
  component: lazyRouteComponent(() => import('./gallery-page'), 'GalleryPage'),
});

export const createServiceRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/create/$templateId',
  validateSearch: parseCreateSearch,
  component: lazyRouteComponent(() => import('./create-page'), 'CreatePage'),
});

export const createRoutes = [createGalleryRoute, createServiceRoute];
