// Administration (decision 780): admins only. The layout (admin-layout.tsx) renders a 403 page, never
// the data, for anyone without the global `admin` role; the nav and the palette hide it from them.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { parseListSearch } from '../../lib/search-params';
import { appRoute } from '../root';
import { parseAuditSearch } from './audit-search';

export const adminRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin',
  component: lazyRouteComponent(() => import('./admin-layout'), 'AdminLayout'),
});

const adminIndexRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('./overview-page'), 'AdminOverviewPage'),
});

const adminUsersRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/users',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('./users-page'), 'UsersPage'),
});

const adminServiceAccountsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/service-accounts',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('./service-accounts-page'), 'ServiceAccountsPage'),
});

const adminOrganizationsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/organizations',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('./organizations-page'), 'OrganizationsPage'),
});

const adminOrganizationRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/organizations/$orgId',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('./organization-page'), 'OrganizationPage'),
});

const adminTeamsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/teams',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('./teams-page'), 'AdminTeamsPage'),
});

const adminEnvironmentsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/environments',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('./environments-page'), 'EnvironmentsPage'),
});

const adminCredentialsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/credentials',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('./credentials-page'), 'CredentialsPage'),
});

const adminTemplatesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/templates',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('./templates-page'), 'TemplatesPage'),
});

const adminLocationsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/locations',
  validateSearch: parseListSearch,
  component: lazyRouteComponent(() => import('./locations-page'), 'LocationsPage'),
});

const adminDiscoveryRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/discovery',
  component: lazyRouteComponent(() => import('./discovery-page'), 'DiscoveryPage'),
});

const adminAuditRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/audit',
  validateSearch: parseAuditSearch,
  component: lazyRouteComponent(() => import('./audit-page'), 'AuditPage'),
});

const adminWebhooksRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/webhooks',
  component: lazyRouteComponent(() => import('./webhooks-page'), 'WebhooksPage'),
});

export const adminRoutes = [
  adminRoute.addChildren([
    adminIndexRoute,
    adminUsersRoute,
    adminServiceAccountsRoute,
    adminOrganizationsRoute,
    adminOrganizationRoute,
    adminTeamsRoute,
    adminEnvironmentsRoute,
    adminCredentialsRoute,
    adminTemplatesRoute,
    adminLocationsRoute,
    adminDiscoveryRoute,
    adminAuditRoute,
    adminWebhooksRoute,
  ]),
];
