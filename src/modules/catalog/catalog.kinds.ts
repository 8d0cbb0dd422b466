/** The kind-group table of document 1: every component kind belongs to exactly one group. */
export const KIND_GROUPS = {
  dev: ['service', 'library', 'website', 'api', 'component', 'system', 'domain', 'resource'],
  infra: ['pipeline', 'queue', 'database', 'storage', 'cluster', 'network'],
  data: ['dataset', 'data-pipeline', 'ml-model'],
  security: ['secret', 'policy', 'certificate'],
} as const;

export type KindGroup = keyof typeof KIND_GROUPS;
export type ComponentKind = (typeof KIND_GROUPS)[KindGroup][number];

export const KIND_GROUP_NAMES = Object.keys(KIND_GROUPS) as KindGroup[];
export const KINDS = Object.values(KIND_GROUPS).flat() as ComponentKind[];
const KIND_SET = new Set<string>(KINDS);
export const isKind = (value: string): value is ComponentKind => KIND_SET.has(value);

export const LIFECYCLES = ['planned', 'experimental', 'production', 'deprecated', 'decommissioned'] as const;
export type Lifecycle = (typeof LIFECYCLES)[number];
const LIFECYCLE_SET = new Set<string>(LIFECYCLES);
export const isLifecycle = (value: string): value is Lifecycle => LIFECYCLE_SET.has(value);
export const DEFAULT_LIFECYCLE: Lifecycle = 'experimental';

/** Field limits shared by the JSON bodies and the YAML descriptors, so both paths accept the same values. */
export const LIMITS = {
  name: 100,
  owner: 100,
  description: 2000,
  tag: 100,
  tags: 50,
  annotationKey: 253,
  annotationValue: 2000,
  annotations: 100,
  gitopsApp: 253,
} as const;
