import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Two Ajv instances: query strings, params and headers arrive as text and are coerced
 * ("20" -> 20); JSON bodies are not, so a string where a number belongs is a 400, not a guess.
 */
function makeAjv(options: Options) {
  const ajv = new Ajv({ useDefaults: true, removeAdditional: true, allErrors: false, strict: false, ...options });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

type JsonSchema = Record<string, unknown>;

const isObjectSchema = (s: unknown): s is JsonSchema =>
  !!s && typeof s === 'object' && ((s as JsonSchema).type === 'object' || (s as JsonSchema).properties !== undefined);

/**
 * Unknown body fields are ignored, as the documents say: Ajv's `removeAdditional` strips only where
 * an object says `additionalProperties: false`, which TypeBox objects do not by default. So every
 * object of a body schema with declared `properties` and no word of its own on extra keys is closed
 * here, once, for every module. Left alone: free-form maps (`patternProperties`, an explicit
 * `additionalProperties`, no `properties`), `$ref`s, and object branches of a union that holds
 * more than one object (Ajv strips while trying a branch, which would break the next branch).
 */
export function closeBodySchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeBodySchema);
  if (!schema || typeof schema !== 'object') return schema;
  const src = schema as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(src)) {
    if (key === 'allOf' || key === 'not' || key === 'if' || key === 'then' || key === 'else') {
      out[key] = value; // compositions that merge objects: closing one part would strip the others' fields
    } else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
      const objects = value.filter(isObjectSchema).length;
      out[key] = objects > 1 ? value : value.map(closeBodySchema);
    } else if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, closeBodySchema(v)]));
    } else if (key === 'items' || key === 'additionalProperties' || key === 'prefixItems') {
      out[key] = closeBodySchema(value);
    } else {
      out[key] = value;
    }
  }
  const declared =
    src.additionalProperties !== undefined ||
    src.patternProperties !== undefined ||
    src.unevaluatedProperties !== undefined ||
    src.$ref !== undefined;
  const props = src.properties as JsonSchema | undefined;
  if (!declared && props && typeof props === 'object' && Object.keys(props).length > 0)
    out.additionalProperties = false;
  return out;
}

export function createValidatorCompiler(shared: object[]): FastifySchemaCompiler<any> {
  // Made on the first compile (routes compile on first use, kernel/lazy-schemas.ts), not at start.
  let instances: { bodyAjv: Ajv; textAjv: Ajv } | undefined;
  const ajvs = () => {
    if (instances) return instances;
    const bodyAjv = makeAjv({ coerceTypes: false });
    const textAjv = makeAjv({ coerceTypes: 'array' });
    for (const s of shared) {
      bodyAjv.addSchema(s);
      textAjv.addSchema(s);
    }
    return (instances = { bodyAjv, textAjv });
  };
  // One closed copy per body schema object: a schema shared by several routes compiles once.
  const closed = new WeakMap<object, object>();
  return ({ schema, httpPart }) => {
    const { bodyAjv, textAjv } = ajvs();
    if (httpPart !== 'body') return textAjv.compile(schema as object);
    let copy = closed.get(schema as object);
    if (!copy) {
      copy = closeBodySchema(schema) as object;
      closed.set(schema as object, copy);
    }
    return bodyAjv.compile(copy);
  };
}
