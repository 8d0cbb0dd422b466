/**
 * Rule cases of the second round (decisions 802–806): media types renamed or given a schema,
 * parameters whose text-on-the-wire values widen. Same shape as rules-cases.ts.
 */
import { oas, type RuleCase } from './rules-cases.js';

type Obj = Record<string, unknown>;
const ok = { '200': { description: 'ok' } };
const c = (name: string, rule: string, base: Obj, revision: Obj): RuleCase => ({
  name,
  format: 'openapi',
  rule,
  base,
  revision,
});
const response = (content: Obj) => oas({ '/a': { get: { responses: { '200': { description: 'ok', content } } } } });
const request = (content: Obj) => oas({ '/a': { post: { requestBody: { content }, responses: ok } } });
const query = (p: Obj) => oas({ '/a': { get: { parameters: [{ name: 'p', in: 'query', ...p }], responses: ok } } });
const S = { schema: { type: 'object', properties: { id: { type: 'string' } } } };

export const CONTENT_CASES: RuleCase[] = [
  c(
    'response media type given parameters',
    'response-media-type-name-changed',
    response({ 'application/json': S }),
    response({ 'application/json; charset=utf-8': S }),
  ),
  c(
    'response media type made more specific',
    'response-media-type-name-specialized',
    response({ 'application/json': S }),
    response({ 'application/problem+json': S }),
  ),
  c(
    'response media type made more general',
    'response-media-type-name-generalized',
    response({ 'application/problem+json': S }),
    response({ 'application/json': S }),
  ),
  c(
    'schema given to request content that had none',
    'request-body-media-type-schema-added',
    request({ 'application/json': {} }),
    request({ 'application/json': S }),
  ),
  c(
    'schema of request content removed',
    'request-body-media-type-schema-removed',
    request({ 'application/json': S }),
    request({ 'application/json': {} }),
  ),
  c(
    'schema given to response content that had none',
    'response-body-media-type-schema-added',
    response({ 'application/json': {} }),
    response({ 'application/json': S }),
  ),
  c(
    'schema of response content removed',
    'response-body-media-type-schema-removed',
    response({ 'application/json': S }),
    response({ 'application/json': {} }),
  ),
  c(
    'query parameter integer to string',
    'request-parameter-type-generalized',
    query({ schema: { type: 'integer' } }),
    query({ schema: { type: 'string' } }),
  ),
  c(
    'query parameter scalar to array (form, exploded)',
    'request-parameter-type-generalized',
    query({ schema: { type: 'string' } }),
    query({ schema: { type: 'array', items: { type: 'string' } } }),
  ),
];
