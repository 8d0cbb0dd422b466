import { Boxes, FileCode2, Gauge, Search, User, Users } from 'lucide-react';

/** The portal's pages, in the nav and in the command palette (matched client-side). */
export const NAV_ITEMS = [
  { to: '/catalog', label: 'Catalog', icon: Boxes, keywords: 'components services systems resources entities' },
  { to: '/apis', label: 'APIs', icon: FileCode2, keywords: 'openapi asyncapi specs reference' },
  { to: '/teams', label: 'Teams', icon: Users, keywords: 'groups owners' },
  { to: '/people', label: 'People', icon: User, keywords: 'users members' },
  { to: '/scorecards', label: 'Scorecards', icon: Gauge, keywords: 'maturity levels readiness rules score' },
  { to: '/search', label: 'Search', icon: Search, keywords: 'find' },
] as const;
