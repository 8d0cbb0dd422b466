import type { Entity, KindValidator } from '@backstage/catalog-model';
import { catalogModel, loadCatalogModel, mcpServerApiValidator } from './catalog.model.js';
import { resolvePlaceholders, type PlaceholderReader } from './catalog.placeholders.js';
import { EntityError, type ParsedEntity } from './catalog.entity-types.js';
import {
  clean,
  componentEntity,
  groupEntity,
  isMap,
  strings,
  userEntity,
  type EntityMapping,
} from './catalog.entity-mapping.js';

export { toRef } from './catalog.entity-mapping.js';

/** Built on first use, once the library is loaded. */
let rules:
  | { policies: { enforce(entity: Entity): Promise<Entity | undefined> }; validators: Record<string, KindValidator> }
  | undefined;
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
const JS_ERROR =
  /cannot read propert|cannot convert|is not a function|is not iterable|is not an object|of (undefined|null)\b/i;
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
    const hint = format
      ? `; this looks like an ${DOCUMENT_FORMATS[format]} document: reference it as spec.definition of an API entity`
      : '';
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

export interface ReadOptions {
  lifecycles: readonly string[];
  /** Reads `$text`/`$json`/`$yaml` targets; absent: placeholders cannot be resolved (register-yaml). */
  read?: PlaceholderReader;
}

/**
 * The document checked as Backstage checks it: the envelope, its placeholders resolved, the policies and
 * the kind's own schema (decision 1170: cut out of readEntity).
 */
async function validatedEntity(value: unknown, options: ReadOptions) {
  await loadCatalogModel();
  const { policies, validators: VALIDATORS } = entityRules();
  if (!isMap(value)) throw new EntityError('a descriptor must be a mapping');
  const raw = structuredClone(value);
  const problem = envelopeProblem(raw);
  if (problem) throw new EntityError(problem);
  const warnings: string[] = [];
  if (options.read) await resolvePlaceholders(raw, options.read, warnings);
  else
    await resolvePlaceholders(
      raw,
      async (kind, target) => Promise.reject(new Error(`${kind} ${target} cannot be resolved outside a location`)),
      warnings,
    );
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
  try {
    const entity = (await policies.enforce(raw as unknown as Entity))!;
    if (validator && !(await validator.check(entity)))
      throw new EntityError(`apiVersion ${String(entity.apiVersion)} is not a version of kind ${entity.kind}`);
    return { entity, lower, mcp, validator, definitionMissing, warnings };
  } catch (err) {
    if (err instanceof EntityError) throw err;
    // Backstage reports invalid fields as TypeErrors with a JSON path; a JavaScript error from inside
    // a policy is no message for a user: then the shape is what is wrong (decision 402).
    const message = clean(err);
    throw new EntityError(
      JS_ERROR.test(message) ? 'the descriptor does not have the shape of a catalog entity' : message,
    );
  }
}

/**
 * One YAML document as Hangar keeps it: validated by `@backstage/catalog-model` (the envelope
 * policies, then the kind's own schema), mapped to a component, team or person with its relations.
 * Kinds Hangar does not keep come back `skipped`; invalid documents throw `EntityError`.
 */
export async function readEntity(value: unknown, document: number, options: ReadOptions): Promise<ParsedEntity> {
  const { entity, lower, mcp, validator, definitionMissing, warnings } = await validatedEntity(value, options);
  const { name } = entity.metadata;
  const namespace = entity.metadata.namespace ?? 'default';
  if (!validator)
    return {
      entity: 'skipped',
      document,
      kind: entity.kind,
      name,
      reason: `kind ${entity.kind} is not kept by Hangar`,
    };
  const ref = `${lower}:${namespace}/${name}`;
  const spec = (isMap(entity.spec) ? entity.spec : {}) as Record<string, unknown>;
  if (lower === 'location') {
    const targets = [...strings(spec.targets), ...(typeof spec.target === 'string' ? [spec.target] : [])];
    return { entity: 'location', document, ref, targets, warnings };
  }
  const m: EntityMapping = { entity, name, namespace, spec, document, ref, warnings, edges: [] };
  if (lower === 'group') return groupEntity(m);
  if (lower === 'user') return userEntity(m);
  return componentEntity(m, lower, options.lifecycles, { mcp, definitionMissing });
}
