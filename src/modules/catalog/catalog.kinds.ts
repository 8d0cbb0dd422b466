/** The kind-group table (decision 607): every component kind belongs to exactly one group. */
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

export const DEFAULT_LIFECYCLE = 'experimental';

/** The Backstage kinds a component row can hold (Groups are teams, Users are people). */
export const ENTITY_KINDS = ['Component', 'API', 'Resource', 'System', 'Domain'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** Hangar's kind from a Backstage kind and type: `spec.type` when it is a known kind, else the kind lower-cased. */
export function hangarKind(entityKind: EntityKind, type: string | null | undefined): ComponentKind {
  const t = type?.toLowerCase();
  return (t && isKind(t) ? t : entityKind.toLowerCase()) as ComponentKind;
}

/** The Backstage kind of a component created through the JSON API, from its Hangar kind. */
export function entityKindOf(kind: string): EntityKind {
  switch (kind) {
    case 'api':
      return 'API';
    case 'system':
      return 'System';
    case 'domain':
      return 'Domain';
    case 'resource':
      return 'Resource';
    default:
      return 'Component';
  }
}

/** Field limits shared by the JSON bodies and the YAML descriptors, so both paths accept the same values. */
export const LIMITS = {
  name: 100,
  owner: 300,
  description: 10_000,
  title: 300,
  tag: 100,
  tags: 50,
  annotationKey: 253,
  annotationValue: 10_000,
  annotations: 100,
  labels: 100,
  links: 50,
  url: 2048,
  gitopsApp: 253,
  namespace: 63,
  type: 100,
} as const;
