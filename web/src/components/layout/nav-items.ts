import {
  Activity,
  Bell,
  Boxes,
  FileCode2,
  Gauge,
  Layers,
  LayoutDashboard,
  Plug,
  Rocket,
  Search,
  ShieldCheck,
  Siren,
  SquarePlus,
  User,
  Users,
  Workflow,
} from 'lucide-react';

/**
 * The portal's pages, in the nav (under their group's heading, in this order) and in the command
 * palette (matched client-side). Groups: Catalog, Delivery, Operations, Infrastructure, Administration.
 */
export const NAV_ITEMS = [
  {
    to: '/catalog',
    group: 'Catalog',
    label: 'Catalog',
    icon: Boxes,
    keywords: 'components services systems resources entities',
  },
  { to: '/apis', group: 'Catalog', label: 'APIs', icon: FileCode2, keywords: 'openapi asyncapi specs reference' },
  { to: '/teams', group: 'Catalog', label: 'Teams', icon: Users, keywords: 'groups owners' },
  { to: '/people', group: 'Catalog', label: 'People', icon: User, keywords: 'users members' },
  {
    to: '/scorecards',
    group: 'Catalog',
    label: 'Scorecards',
    icon: Gauge,
    keywords: 'maturity levels readiness rules score',
  },
  { to: '/search', group: 'Catalog', label: 'Search', icon: Search, keywords: 'find' },
  {
    to: '/create',
    group: 'Delivery',
    label: 'Create',
    icon: SquarePlus,
    keywords: 'create service scaffold template new repository',
  },
  {
    to: '/pipelines',
    group: 'Delivery',
    label: 'Pipelines',
    icon: Workflow,
    keywords: 'runs builds deploy ci cd logs approvals',
  },
  {
    to: '/deployments',
    group: 'Delivery',
    label: 'Deployments',
    icon: Rocket,
    keywords: 'deployments environments releases versions',
  },
  {
    to: '/dora',
    group: 'Delivery',
    label: 'DORA',
    icon: Activity,
    keywords: 'metrics deployment frequency lead time change failure rate recovery four keys',
  },
  {
    to: '/incidents',
    group: 'Operations',
    label: 'Incidents',
    icon: Siren,
    keywords: 'outages post-mortems postmortems severity on-call',
  },
  {
    to: '/dashboards',
    group: 'Operations',
    label: 'Dashboards',
    icon: LayoutDashboard,
    keywords: 'widgets charts metrics slo uptime',
  },
  {
    to: '/notifications',
    group: 'Operations',
    label: 'Notifications',
    icon: Bell,
    keywords: 'inbox feed alerts unread',
  },
  {
    to: '/iac',
    group: 'Infrastructure',
    label: 'Infrastructure',
    icon: Layers,
    keywords: 'iac terraform stacks runs drift topology modules',
  },
  {
    to: '/integrations',
    group: 'Infrastructure',
    label: 'Integrations',
    icon: Plug,
    keywords:
      'gitops argo ci jenkins circleci travis cluster kubernetes rollouts mesh metrics policy opa cost registry images vulnerabilities gateway routes',
  },
  {
    to: '/admin',
    group: 'Administration',
    label: 'Administration',
    icon: ShieldCheck,
    keywords: 'admin users roles organizations members teams environments credentials templates locations',
    adminOnly: true,
  },
] as const;

/** The items a user with `roles` may see: `adminOnly` pages only for the global admin role (decision 780). */
export function navItemsFor(roles: readonly string[] | undefined) {
  const admin = roles?.includes('admin') ?? false;
  return NAV_ITEMS.filter((item) => admin || !('adminOnly' in item && item.adminOnly));
}

/** The visible items under their groups' names, in first-seen order (the nav's sections). */
export function navGroupsFor(roles: readonly string[] | undefined) {
  const groups = new Map<string, ReturnType<typeof navItemsFor>>();
  for (const item of navItemsFor(roles)) groups.set(item.group, [...(groups.get(item.group) ?? []), item]);
  return [...groups].map(([name, items]) => ({ name, items }));
}
