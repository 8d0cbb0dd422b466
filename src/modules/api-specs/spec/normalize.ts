import { isObj, RefResolver, type Obj } from './refs.js';

/**
 * Swagger 2.0 rewritten into the OpenAPI 3 shape the diff reads, so one rule table serves both
 * (and a Swagger 2 version can be diffed against its OpenAPI 3 successor): body and form
 * parameters become `requestBody` per consumed media type, response schemas become `content` per
 * produced media type, parameter and header type keywords move under `schema`,
 * `securityDefinitions` become `components.securitySchemes`. Schema `$ref`s
 * (`#/definitions/…`) stay as they are: `definitions` is kept at the root.
 */
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];
const SCHEMA_KEYS = [
  'type',
  'format',
  'items',
  'enum',
  'default',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'maxItems',
  'minItems',
  'uniqueItems',
  'multipleOf',
];

function toSchema(param: Obj): Obj {
  const schema: Obj = {};
  for (const k of SCHEMA_KEYS) if (param[k] !== undefined) schema[k] = param[k];
  return schema;
}

const strings = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined;

/** An operation's body parameter, else its form fields, as an OpenAPI 3 requestBody (decision 1170: out of normalizeSwagger2). */
function requestBodyOf(body: Obj | undefined, form: Obj[], consumes: string[]): Obj | undefined {
  if (body) {
    return {
      required: body.required === true,
      content: Object.fromEntries(consumes.map((m) => [m, { schema: body.schema ?? {} }])),
    };
  } else if (form.length) {
    const media = consumes.includes('multipart/form-data')
      ? 'multipart/form-data'
      : 'application/x-www-form-urlencoded';
    const schema: Obj = {
      type: 'object',
      properties: Object.fromEntries(
        form.map((p) => [String(p.name), p.type === 'file' ? { type: 'string', format: 'binary' } : toSchema(p)]),
      ),
    };
    const required = form.filter((p) => p.required === true).map((p) => String(p.name));
    if (required.length) schema.required = required;
    return { required: required.length > 0, content: { [media]: { schema } } };
  }
  return undefined;
}

export function normalizeSwagger2(doc: Obj): Obj {
  const refs = new RefResolver(doc);
  const consumesAll = strings(doc.consumes) ?? ['application/json'];
  const producesAll = strings(doc.produces) ?? ['application/json'];

  const convertParams = (list: unknown): { params: Obj[]; body?: Obj; form: Obj[] } => {
    const params: Obj[] = [];
    const form: Obj[] = [];
    let body: Obj | undefined;
    if (!Array.isArray(list)) return { params, form };
    for (const item of list) {
      const p = refs.obj(item);
      if (p.in === 'body') body = p;
      else if (p.in === 'formData') form.push(p);
      else if (typeof p.name === 'string' && typeof p.in === 'string') {
        const out: Obj = { name: p.name, in: p.in, required: p.required === true, schema: toSchema(p) };
        for (const k of Object.keys(p))
          if (k === 'deprecated' || k === 'description' || k.startsWith('x-')) out[k] = p[k];
        params.push(out);
      }
    }
    return { params, body, form };
  };

  const convertResponses = (responses: unknown, produces: string[]): Obj => {
    const out: Obj = {};
    for (const [code, raw] of Object.entries(isObj(responses) ? responses : {})) {
      if (code.startsWith('x-')) continue;
      const r = refs.obj(raw);
      const converted: Obj = { description: r.description ?? '' };
      if (r.schema !== undefined)
        converted.content = Object.fromEntries(produces.map((m) => [m, { schema: r.schema }]));
      if (isObj(r.headers)) {
        converted.headers = Object.fromEntries(
          Object.entries(r.headers).map(([name, h]) => [name, { schema: toSchema(refs.obj(h)) }]),
        );
      }
      out[code] = converted;
    }
    return out;
  };

  const paths: Obj = {};
  for (const [path, rawItem] of Object.entries(isObj(doc.paths) ? doc.paths : {})) {
    if (!path.startsWith('/')) continue;
    const item = refs.obj(rawItem);
    const shared = convertParams(item.parameters);
    const outItem: Obj = {};
    if (shared.params.length) outItem.parameters = shared.params;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObj(op)) continue;
      const own = convertParams(op.parameters);
      const consumes = strings(op.consumes) ?? consumesAll;
      const produces = strings(op.produces) ?? producesAll;
      const outOp: Obj = {};
      for (const [k, v] of Object.entries(op)) {
        if (!['parameters', 'responses', 'consumes', 'produces', 'schemes'].includes(k)) outOp[k] = v;
      }
      if (own.params.length) outOp.parameters = own.params;
      const body = own.body ?? shared.body;
      const form = [...shared.form, ...own.form];
      const requestBody = requestBodyOf(body, form, consumes);
      if (requestBody) outOp.requestBody = requestBody;
      outOp.responses = convertResponses(op.responses, produces);
      outItem[method] = outOp;
    }
    paths[path] = outItem;
  }

  const out: Obj = { openapi: '3.0.0', 'x-converted-from': 'swagger 2.0', info: doc.info, paths };
  if (doc.security !== undefined) out.security = doc.security;
  if (doc.definitions !== undefined) out.definitions = doc.definitions;
  if (isObj(doc.securityDefinitions)) out.components = { securitySchemes: doc.securityDefinitions };
  return out;
}
