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

export function createValidatorCompiler(shared: object[]): FastifySchemaCompiler<any> {
  const bodyAjv = makeAjv({ coerceTypes: false });
  const textAjv = makeAjv({ coerceTypes: 'array' });
  for (const s of shared) {
    bodyAjv.addSchema(s);
    textAjv.addSchema(s);
  }
  return ({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object);
}
