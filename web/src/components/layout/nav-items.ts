import { Boxes, FileCode2, Layers, Plug, Search, User, Users } from 'lucide-react';

/** The portal's pages, in the nav and in the command palette (matched client-side). */
export const NAV_ITEMS = [
  { to: '/catalog', label: 'Catalog', icon: Boxes, keywords: 'components services systems resources entities' },
  { to: '/apis', label: 'APIs', icon: FileCode2, keywords: 'openapi asyncapi specs reference' },
  { to: '/teams', label: 'Teams', icon: Users, keywords: 'groups owners' },
  { to: '/people', label: 'People', icon: User, keywords: 'users members' },
  { to: '/iac', label: 'Infrastructure', icon: Layers, keywords: 'iac terraform stacks runs drift topology modules' },
  {
    to: '/integrations',
    label: 'Integrations',
    icon: Plug,
    keywords: 'gitops argo ci jenkins circleci travis cluster kubernetes rollouts mesh metrics policy opa cost registry images vulnerabilities gateway routes',
  },
  { to: '/search', label: 'Search', icon: Search, keywords: 'find' },
] as const;
