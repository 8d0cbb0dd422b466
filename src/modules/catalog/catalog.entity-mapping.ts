import type { Entity } from '@backstage/catalog-model';
import type { CatalogLink } from '../../db/schema/index.js';
import { hangarKind, LIMITS, type EntityKind } from './catalog.kinds.js';
import { catalogModel } from './catalog.model.js';
import {
  EntityError,
  type ApiDefinition,
  type ComponentInput,
  type Edge,
  type GroupInput,
  type ParsedEntity,
  type PersonInput,
} from './catalog.entity-types.js';

// A validated entity mapped to a team, a person or a component with its relations (decision 1170: cut
// out of readEntity).

const COMPONENT_KINDS: Record<string, EntityKind> = {
  component: 'Component',
  api: 'API',
  resource: 'Resource',
  system: 'System',
  domain: 'Domain',
};

/** Backstage's messages end with a link to its docs; one clean line is enough here. */
export const clean = (err: unknown) =>
  (err instanceof Error ? err.message : String(err))
    .replace(/\s*To learn more about catalog file format.*$/s, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 400);

export const isMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
export const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** A reference as Backstage resolves it (default kind and namespace), written `kind:namespace/name`. */
export function toRef(ref: string, defaultKind: string, defaultNamespace = 'default'): string {
  const r = catalogModel().parseEntityRef(ref, { defaultKind, defaultNamespace });
  return `${r.kind.toLowerCase()}:${r.namespace}/${r.name}`;
}

const INVERSE: Record<string, string> = {
  ownedBy: 'ownerOf',
  partOf: 'hasPart',
  providesApi: 'apiProvidedBy',
  consumesApi: 'apiConsumedBy',
  dependsOn: 'dependencyOf',
  dependencyOf: 'dependsOn',
  childOf: 'parentOf',
  parentOf: 'childOf',
  memberOf: 'hasMember',
  hasMember: 'memberOf',
};

/** What the kinds' mappings share: the validated entity, where it was read, and its relations so far. */
export interface EntityMapping {
  entity: Entity;
  name: string;
  namespace: string;
  spec: Record<string, unknown>;
  document: number;
  ref: string;
  warnings: string[];
  edges: Edge[];
}

/** Adds a relation (and its inverse) from the entity to each target, resolved in the entity's namespace. */
function relater({ namespace, ref, edges }: EntityMapping) {
  return (type: string, targets: unknown, defaultKind: string) => {
    for (const t of typeof targets === 'string' ? [targets] : strings(targets)) {
      let target: string;
      try {
        target = toRef(t, defaultKind, namespace);
      } catch (err) {
        throw new EntityError(`spec reference "${t.slice(0, 100)}" is not valid: ${clean(err)}`);
      }
      edges.push({ source: ref, type, target }, { source: target, type: INVERSE[type]!, target: ref });
    }
  };
}

export function groupEntity(m: EntityMapping): ParsedEntity {
  const { entity, name, namespace, spec, document, ref, edges, warnings } = m;
  const relate = relater(m);
  const profile = isMap(spec.profile) ? spec.profile : {};
  relate('childOf', spec.parent, 'group');
  relate('parentOf', spec.children, 'group');
  relate('hasMember', spec.members, 'user');
  const input: GroupInput = {
    name,
    namespace,
    displayName: str(profile.displayName),
    description: str(entity.metadata.description),
    email: str(profile.email),
    type: String(spec.type),
    parentRef: typeof spec.parent === 'string' ? toRef(spec.parent, 'group', namespace) : null,
    childRefs: strings(spec.children).map((c) => toRef(c, 'group', namespace)),
  };
  return { entity: 'group', document, ref, edges, warnings, input };
}

export function userEntity(m: EntityMapping): ParsedEntity {
  const { name, spec, document, ref, edges, warnings, namespace } = m;
  const relate = relater(m);
  const profile = isMap(spec.profile) ? spec.profile : {};
  relate('memberOf', spec.memberOf, 'group');
  const input: PersonInput = {
    name,
    namespace,
    displayName: str(profile.displayName),
    email: str(profile.email)?.toLowerCase() ?? null,
  };
  return { entity: 'user', document, ref, edges, warnings, input };
}

function relateComponent(m: EntityMapping, entityKind: EntityKind, owner: string | null) {
  const { spec } = m;
  const relate = relater(m);
  relate('ownedBy', owner, 'group');
  if (entityKind !== 'Domain') relate('partOf', spec.system, 'system');
  if (entityKind === 'System') relate('partOf', spec.domain, 'domain');
  if (entityKind === 'Domain') relate('partOf', spec.subdomainOf, 'domain');
  if (entityKind === 'Component') {
    relate('partOf', spec.subcomponentOf, 'component');
    relate('providesApi', spec.providesApis, 'api');
    relate('consumesApi', spec.consumesApis, 'api');
  }
  if (entityKind === 'Component' || entityKind === 'Resource') {
    relate('dependsOn', spec.dependsOn, 'component');
    relate('dependencyOf', spec.dependencyOf, 'component');
  }
}

/** The metadata a component keeps, within the catalog's limits. */
function componentMetadata(entity: Entity) {
  const metadata = entity.metadata as Record<string, unknown>;
  const description = str(metadata.description);
  if (description && description.length > LIMITS.description)
    throw new EntityError(`metadata.description must be at most ${LIMITS.description} characters`);
  const title = str(metadata.title);
  if (title && title.length > LIMITS.title)
    throw new EntityError(`metadata.title must be at most ${LIMITS.title} characters`);
  const links: CatalogLink[] = (Array.isArray(metadata.links) ? metadata.links : []).filter(isMap).map((l) => ({
    url: String(l.url),
    ...(str(l.title) ? { title: str(l.title)! } : {}),
    ...(str(l.icon) ? { icon: str(l.icon)! } : {}),
    ...(str(l.type) ? { type: str(l.type)! } : {}),
  }));
  return { metadata, description, title, links };
}

/** `mcp`: an MCP server API (its remotes are kept); `definitionMissing`: its definition could not be read. */
export function componentEntity(
  m: EntityMapping,
  lower: string,
  lifecycles: readonly string[],
  { mcp, definitionMissing }: { mcp: boolean; definitionMissing: boolean },
): ParsedEntity {
  const { entity, name, namespace, spec, document, ref, edges, warnings } = m;
  const entityKind = COMPONENT_KINDS[lower]!;
  const type = str(spec.type);
  const lifecycle = str(spec.lifecycle)?.toLowerCase() ?? null;
  if (lifecycle !== null && !lifecycles.includes(lifecycle))
    throw new EntityError(`spec.lifecycle must be one of: ${lifecycles.join(', ')}`);
  const owner = str(spec.owner);
  relateComponent(m, entityKind, owner);
  const { metadata, description, title, links } = componentMetadata(entity);
  const input: ComponentInput = {
    name,
    namespace,
    entityKind,
    kind: hangarKind(entityKind, type),
    type,
    title,
    owner,
    ownerRef: owner ? toRef(owner, 'group', namespace) : null,
    system: typeof spec.system === 'string' && entityKind !== 'Domain' ? spec.system : null,
    lifecycle,
    description,
    tags: strings(metadata.tags),
    annotations: (isMap(metadata.annotations) ? metadata.annotations : {}) as Record<string, string>,
    labels: (isMap(metadata.labels) ? metadata.labels : {}) as Record<string, string>,
    links,
    remotes:
      mcp && Array.isArray(spec.remotes)
        ? spec.remotes.filter(isMap).map((r) => ({ type: String(r.type), url: String(r.url) }))
        : null,
  };
  let definition: ApiDefinition | null = null;
  if (entityKind === 'API' && !definitionMissing && typeof spec.definition === 'string') {
    definition = {
      format: (type ?? 'text').toLowerCase(),
      content: spec.definition,
      version: input.annotations['hangar.io/api-version'] ?? null,
    };
  }
  return { entity: 'component', document, ref, edges, warnings, input, definition };
}
