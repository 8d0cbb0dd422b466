import { Boxes, FileCode2, Rocket, Search, SquarePlus, User, Users } from 'lucide-react';

/** The portal's pages, in the nav and in the command palette (matched client-side). */
export const NAV_ITEMS = [
  { to: '/catalog', label: 'Catalog', icon: Boxes, keywords: 'components services systems resources entities' },
  { to: '/apis', label: 'APIs', icon: FileCode2, keywords: 'openapi asyncapi specs reference' },
  { to: '/teams', label: 'Teams', icon: Users, keywords: 'groups owners' },
  { to: '/people', label: 'People', icon: User, keywords: 'users members' },
  { to: '/search', label: 'Search', icon: Search, keywords: 'find' },
  { to: '/create', label: 'Create', icon: SquarePlus, keywords: 'create service scaffold template new repository' },
  { to: '/deployments', label: 'Deployments', icon: Rocket, keywords: 'deployments environments releases versions' },
] as const;
