import type { Entity, KindValidator } from '@backstage/catalog-model';
import { catalogModel, loadCatalogModel, mcpServerApiValidator } from './catalog.model.js';
import type { CatalogLink } from '../../db/schema/index.js';
import { hangarKind, LIMITS, type ComponentKind, type EntityKind } from './catalog.kinds.js';
import { resolvePlaceholders, type PlaceholderReader } from './catalog.placeholders.js';

/** A descriptor Hangar refuses, as Backstage would; the message is one line. */
export class EntityError extends Error {}

export interface Edge {
  source: string;
  type: string;
  target: string;
}

export interface ComponentInput {
  name: string;
  namespace: string;
  entityKind: EntityKind;
  kind: ComponentKind;
  type: string | null;
  title: string | null;
  owner: string | null;
  /** Resolved by the database too; kept here to find the owning team before writing. */
  ownerRef: string | null;
  system: string | null;
  lifecycle: string | null;
  description: string | null;
  tags: string[];
  annotations: Record<string, string>;
  labels: Record<string, string>;
  links: CatalogLink[];
  /** `spec.remotes` of an `mcp-server` API: its transport endpoints (null for every other entity). */
  remotes: ApiRemote[] | null;
}

export interface ApiRemote {
  type: string;
  url: string;
}

export interface GroupInput {
  name: string;
  namespace: string;
  displayName: string | null;
  description: string | null;
  email: string | null;
  type: string;
  parentRef: string | null;
  childRefs: string[];
}

export interface PersonInput {
  name: string;
  namespace: string;
  displayName: string | null;
  email: string | null;
}

export interface ApiDefinition {
  format: string;
  content: string;
  version: string | null;
}

interface Base {
  document: number;
  ref: string;
  edges: Edge[];
  /** Problems that did not make the entity invalid (an unresolved placeholder). */
  warnings: string[];
}
export type ParsedEntity =
  | (Base & { entity: 'component'; input: ComponentInput; definition: ApiDefinition | null })
  | (Base & { entity: 'group'; input: GroupInput })
  | (Base & { entity: 'user'; input: PersonInput })
  | { entity: 'location'; document: number; ref: string; targets: string[]; warnings: string[] }
  | { entity: 'skipped'; document: number; kind: string | null; name: string | null; reason: string };

/** Built on first use, once the library is loaded. */
let rules: { policies: { enforce(entity: Entity): Promise<Entity | undefined> }; validators: Record<string, KindValidator> } | undefined;
function entityRules() {
  if (rules) return rules;
  const m = catalogModel();
  rules = {
    policies: m.EntityPolicies.allOf([
      new m.DefaultNamespaceEntityPolicy(),
      new m.NoForeignRootFieldsEntityPolicy(),
      new m.FieldFormatEntityPolicy(),
      new m.SchemaValidEntityPolicy(),
    ]),
    validators: {
      component: m.componentEntityV1alpha1Validator,
      api: m.apiEntityV1alpha1Validator,
      resource: m.resourceEntityV1alpha1Validator,
      system: m.systemEntityV1alpha1Validator,
      domain: m.domainEntityV1alpha1Validator,
      group: m.groupEntityV1alpha1Validator,
      user: m.userEntityV1alpha1Validator,
      location: m.locationEntityV1alpha1Validator,
    },
  };
  return rules;
}
const CANONICAL: Record<string, string> = {
  component: 'Component',
  api: 'API',
  resource: 'Resource',
  system: 'System',
  domain: 'Domain',
  group: 'Group',
  user: 'User',
  location: 'Location',
};
const COMPONENT_KINDS: Record<string, EntityKind> = { component: 'Component', api: 'API', resource: 'Resource', system: 'System', domain: 'Domain' };

/** Backstage's messages end with a link to its docs; one clean line is enough here. */
const clean = (err: unknown) =>
  (err instanceof Error ? err.message : String(err))
    .replace(/\s*To learn more about catalog file format.*$/s, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 400);

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const JS_ERROR = /cannot read propert|cannot convert|is not a function|is not iterable|is not an object|of (undefined|null)\b/i;
const DOCUMENT_FORMATS: Record<string, string> = { openapi: 'OpenAPI', swagger: 'Swagger', asyncapi: 'AsyncAPI' };

/**
 * What keeps a mapping from being a catalog entity at all, in the descriptor format's words, checked
 * before Backstage's policies (which assume the envelope and would fail with a JavaScript error) —
 * decision 402.
 */
function envelopeProblem(raw: Record<string, unknown>): string | null {
  const missing = ['apiVersion', 'kind', 'metadata'].filter((k) => raw[k] === undefined || raw[k] === null);
  if (missing.length) {
    const format = Object.keys(DOCUMENT_FORMATS).find((k) => k in raw);
    const hint = format ? `; this looks like an ${DOCUMENT_FORMATS[format]} document: reference it as spec.definition of an API entity` : '';
    return `not a catalog entity (missing ${missing.join(', ')}): a descriptor needs apiVersion, kind and metadata.name${hint}`;
  }
  if (typeof raw.apiVersion !== 'string') return 'apiVersion must be a string such as backstage.io/v1alpha1';
  if (typeof raw.kind !== 'string') return 'kind must be a string such as Component';
  if (!isMap(raw.metadata)) return 'metadata must be a mapping with at least a name';
  if (raw.metadata.name === undefined || raw.metadata.name === null) return 'metadata.name is missing';
  if (typeof raw.metadata.name !== 'string') return 'metadata.name must be a string';
  if (raw.spec !== undefined && raw.spec !== null && !isMap(raw.spec)) return 'spec must be a mapping';
  return null;
}
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

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

export interface ReadOptions {
  lifecycles: readonly string[];
  /** Reads `$text`/`$json`/`$yaml` targets; absent: placeholders cannot be resolved (register-yaml). */
  read?: PlaceholderReader;
}

/**
 * One YAML document as Hangar keeps it: validated by `@backstage/catalog-model` (the envelope
 * policies, then the kind's own schema), mapped to a component, team or person with its relations.
 * Kinds Hangar does not keep come back `skipped`; invalid documents throw `EntityError`.
 */
export async function readEntity(value: unknown, document: number, options: ReadOptions): Promise<ParsedEntity> {
  await loadCatalogModel();
  const { policies, validators: VALIDATORS } = entityRules();
  if (!isMap(value)) throw new EntityError('a descriptor must be a mapping');
  const raw = structuredClone(value);
  const problem = envelopeProblem(raw);
  if (problem) throw new EntityError(problem);
  const warnings: string[] = [];
  if (options.read) await resolvePlaceholders(raw, options.read, warnings);
  else await resolvePlaceholders(raw, async (kind, target) => Promise.reject(new Error(`${kind} ${target} cannot be resolved outside a location`)), warnings);
  const lower = typeof raw.kind === 'string' ? raw.kind.toLowerCase() : '';
  const mcp = lower === 'api' && isMap(raw.spec) && raw.spec.type === 'mcp-server';
  const validator = mcp ? mcpServerApiValidator() : VALIDATORS[lower];
  // An API whose definition could not be read is still kept (without a spec), (decision 607).
  let definitionMissing = false;
  if (lower === 'api' && !mcp && isMap(raw.spec)) {
    if (raw.spec.definition === undefined && warnings.length) {
      definitionMissing = true;
      raw.spec.definition = '-';
    } else if (typeof raw.spec.definition === 'object' && raw.spec.definition !== null) {
      // `$json` / `$yaml` give a parsed document; the spec is kept as its JSON text.
      raw.spec.definition = JSON.stringify(raw.spec.definition, null, 2);
    }
  }
  // Kept kinds are matched case-insensitively (`kind: system` is the System kind) and then
  // validated exactly as Backstage does; a version the kind's schema does not know is refused.
  if (validator) raw.kind = CANONICAL[lower];
  let entity: Entity;
  try {
    entity = (await policies.enforce(raw as unknown as Entity))!;
    if (validator && !(await validator.check(entity))) throw new EntityError(`apiVersion ${String(entity.apiVersion)} is not a version of kind ${entity.kind}`);
  } catch (err) {
    if (err instanceof EntityError) throw err;
    // Backstage reports invalid fields as TypeErrors with a JSON path; a JavaScript error from inside
    // a policy is no message for a user: then the shape is what is wrong (decision 402).
    const message = clean(err);
    throw new EntityError(JS_ERROR.test(message) ? 'the descriptor does not have the shape of a catalog entity' : message);
  }
  const { name } = entity.metadata;
  const namespace = entity.metadata.namespace ?? 'default';
  if (!validator) return { entity: 'skipped', document, kind: entity.kind, name, reason: `kind ${entity.kind} is not kept by Hangar` };
  const ref = `${lower}:${namespace}/${name}`;
  const spec = (isMap(entity.spec) ? entity.spec : {}) as Record<string, unknown>;
  const edges: Edge[] = [];
  const relate = (type: string, targets: unknown, defaultKind: string) => {
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

  if (lower === 'location') {
    const targets = [...strings(spec.targets), ...(typeof spec.target === 'string' ? [spec.target] : [])];
    return { entity: 'location', document, ref, targets, warnings };
  }
  if (lower === 'group') {
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
  if (lower === 'user') {
    const profile = isMap(spec.profile) ? spec.profile : {};
    relate('memberOf', spec.memberOf, 'group');
    const input: PersonInput = { name, namespace, displayName: str(profile.displayName), email: str(profile.email)?.toLowerCase() ?? null };
    return { entity: 'user', document, ref, edges, warnings, input };
  }

  const entityKind = COMPONENT_KINDS[lower]!;
  const type = str(spec.type);
  const lifecycle = str(spec.lifecycle)?.toLowerCase() ?? null;
  if (lifecycle !== null && !options.lifecycles.includes(lifecycle)) throw new EntityError(`spec.lifecycle must be one of: ${options.lifecycles.join(', ')}`);
  const owner = str(spec.owner);
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
  const metadata = entity.metadata as Record<string, unknown>;
  const description = str(metadata.description);
  if (description && description.length > LIMITS.description) throw new EntityError(`metadata.description must be at most ${LIMITS.description} characters`);
  const title = str(metadata.title);
  if (title && title.length > LIMITS.title) throw new EntityError(`metadata.title must be at most ${LIMITS.title} characters`);
  const links: CatalogLink[] = (Array.isArray(metadata.links) ? metadata.links : []).filter(isMap).map((l) => ({
    url: String(l.url),
    ...(str(l.title) ? { title: str(l.title)! } : {}),
    ...(str(l.icon) ? { icon: str(l.icon)! } : {}),
    ...(str(l.type) ? { type: str(l.type)! } : {}),
  }));
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
    remotes: mcp && Array.isArray(spec.remotes) ? spec.remotes.filter(isMap).map((r) => ({ type: String(r.type), url: String(r.url) })) : null,
  };
  let definition: ApiDefinition | null = null;
  if (entityKind === 'API' && !definitionMissing && typeof spec.definition === 'string') {
    definition = { format: (type ?? 'text').toLowerCase(), content: spec.definition, version: input.annotations['hangar.io/api-version'] ?? null };
  }
  return { entity: 'component', document, ref, edges, warnings, input, definition };
}
