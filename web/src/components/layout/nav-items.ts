import { Activity, Bell, Boxes, FileCode2, Layers, LayoutDashboard, Plug, Search, ShieldCheck, Siren, User, Users, Workflow } from 'lucide-react';

/** The portal's pages, in the nav and in the command palette (matched client-side). */
export const NAV_ITEMS = [
  { to: '/catalog', label: 'Catalog', icon: Boxes, keywords: 'components services systems resources entities' },
  { to: '/apis', label: 'APIs', icon: FileCode2, keywords: 'openapi asyncapi specs reference' },
  { to: '/teams', label: 'Teams', icon: Users, keywords: 'groups owners' },
  { to: '/people', label: 'People', icon: User, keywords: 'users members' },
  { to: '/pipelines', label: 'Pipelines', icon: Workflow, keywords: 'runs builds deploy ci cd logs approvals' },
  { to: '/dora', label: 'DORA', icon: Activity, keywords: 'metrics deployment frequency lead time change failure rate recovery four keys' },
  { to: '/iac', label: 'Infrastructure', icon: Layers, keywords: 'iac terraform stacks runs drift topology modules' },
  {
    to: '/integrations',
    label: 'Integrations',
    icon: Plug,
    keywords: 'gitops argo ci jenkins circleci travis cluster kubernetes rollouts mesh metrics policy opa cost registry images vulnerabilities gateway routes',
  },
  { to: '/search', label: 'Search', icon: Search, keywords: 'find' },
  { to: '/incidents', label: 'Incidents', icon: Siren, keywords: 'outages post-mortems postmortems severity on-call' },
  { to: '/dashboards', label: 'Dashboards', icon: LayoutDashboard, keywords: 'widgets charts metrics slo uptime' },
  { to: '/notifications', label: 'Notifications', icon: Bell, keywords: 'inbox feed alerts unread' },
  {
    to: '/admin',
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
