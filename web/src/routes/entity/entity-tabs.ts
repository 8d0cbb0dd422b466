// Which tabs an entity shows, by kind. Adding a tab: a component in tabs/, an id and label here with the
// kinds it applies to, and a case in entity-page.tsx's TabBody (docs/portal.md, "Adding an entity tab").

export type EntityTabId =
  | 'overview'
  | 'graph'
  | 'api-specs'
  | 'deployments'
  | 'pipelines'
  | 'incidents'
  | 'iac'
  | 'cost'
  | 'registry'
  | 'kubernetes'
  | 'mesh'
  | 'search-indices'
  | 'gateway'
  | 'scorecards';

export interface EntityTab {
  id: EntityTabId;
  label: string;
  /** Lower-case Backstage kinds the tab applies to; absent: every kind. */
  kinds?: readonly string[];
}

const RUNNABLE = ['component', 'resource'] as const;

export const ENTITY_TABS: readonly EntityTab[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'graph', label: 'Relations graph' },
  { id: 'api-specs', label: 'API specs', kinds: ['component', 'api'] },
  { id: 'deployments', label: 'Deployments', kinds: RUNNABLE },
  { id: 'pipelines', label: 'Pipelines', kinds: RUNNABLE },
  { id: 'incidents', label: 'Incidents', kinds: ['component', 'resource', 'api', 'system'] },
  { id: 'iac', label: 'IaC', kinds: RUNNABLE },
  { id: 'cost', label: 'Cost', kinds: [...RUNNABLE, 'system'] },
  { id: 'registry', label: 'Images', kinds: ['component'] },
  { id: 'kubernetes', label: 'Kubernetes', kinds: RUNNABLE },
  { id: 'mesh', label: 'Mesh metrics', kinds: ['component'] },
  { id: 'search-indices', label: 'Search indices', kinds: RUNNABLE },
  { id: 'scorecards', label: 'Scorecards' },
  { id: 'gateway', label: 'Gateway routes', kinds: ['component', 'api'] },
];

export function tabsFor(entityKind: string): EntityTab[] {
  const kind = entityKind.toLowerCase();
  return ENTITY_TABS.filter((t) => !t.kinds || t.kinds.includes(kind));
}
