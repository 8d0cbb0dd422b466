import { isObj, type Obj, type RefResolver } from '../spec/index.js';
import { removalKind, type DiffContext } from './context.js';
import { types } from './keywords.js';
import type { OpenApiDocs } from './model.js';
import type { SchemaComparer } from './schema.js';

/** The operation pair a diff compares (old and new path item and operation). */
export interface OperationPair {
  oldPath: string;
  newPath: string;
  oItem: Obj;
  nItem: Obj;
  oOp: Obj;
  nOp: Obj;
  /** the entry path: `GET /pets/{id}` (or the webhook/callback owner) */
  where: string;
  /** location prefix for webhook and callback operations */
  prefix: string;
  /** the API sends this request (webhooks, callbacks): its body follows the response rules, its answers the request rules */
  sent?: boolean;
}

interface Param {
  name: string;
  in: string;
  required: boolean;
  raw: Obj;
  /** named in the path template but not declared (decision 301) */
  implicit?: boolean;
}

/**
 * Path-level parameters merged with the operation's own (the operation's win), keyed by `in` +
 * `name`; path parameters are keyed by their position in the template, so `/books/{bookId}` and
 * `/books/{id}` compare their one path parameter with each other.
 */
function params(refs: RefResolver, path: string, item: Obj, op: Obj): Map<string, Param> {
  const positions = new Map<string, number>();
  [...path.matchAll(/\{([^}]*)\}/g)].forEach((m, i) => positions.set(m[1]!, i));
  const out = new Map<string, Param>();
  for (const list of [item.parameters, op.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const p = refs.obj(entry);
      if (typeof p.name !== 'string' || typeof p.in !== 'string') continue;
      // header names are case-insensitive
      const name = p.in === 'header' ? p.name.toLowerCase() : p.name;
      const key =
        p.in === 'path' && positions.has(p.name) ? `path\u0000#${positions.get(p.name)}` : `${p.in}\u0000${name}`;
      out.set(key, { name: p.name, in: p.in, required: p.in === 'path' || p.required === true, raw: p });
    }
  }
  // Decision 301: a path parameter named in the template but undeclared is still there (the URL
  // did not change): declared, required, a string. Declaring it later is no new parameter.
  for (const [name, position] of positions) {
    const key = `path\u0000#${position}`;
    if (!out.has(key))
      out.set(key, {
        name,
        in: 'path',
        required: true,
        raw: { name, in: 'path', required: true, schema: { type: 'string' } },
        implicit: true,
      });
  }
  return out;
}

/** A parameter's schema: `schema`, or the schema of its single `content` entry. */
function paramSchema(p: Obj): unknown {
  if (p.schema !== undefined) return p.schema;
  if (isObj(p.content)) return Object.values(p.content).map((m) => (isObj(m) ? m.schema : undefined))[0];
  return undefined;
}

/**
 * The items of a query or cookie parameter that went from a scalar to an array in form style,
 * exploded (the defaults): there a single value is a one-element array. Undefined otherwise.
 */
function scalarToExplodedArray(docs: OpenApiDocs, p: Obj, before: unknown, after: unknown): unknown {
  if (p.in !== 'query' && p.in !== 'cookie') return undefined;
  if ((p.style ?? 'form') !== 'form' || p.explode === false) return undefined;
  const [oldType] = types(docs.oldRefs.obj(before));
  const now = docs.newRefs.obj(after);
  const [newType] = types(now);
  if (!oldType || /array|object/.test(oldType) || newType !== 'array' || now.items === undefined) return undefined;
  return now.items;
}

/** An operation's parameters compared, by location and name (path, query, header, cookie). */
export function diffParams(ctx: DiffContext, docs: OpenApiDocs, schemas: SchemaComparer, pair: OperationPair) {
  const before = params(docs.oldRefs, pair.oldPath, pair.oItem, pair.oOp);
  const after = params(docs.newRefs, pair.newPath, pair.nItem, pair.nOp);
  const { where } = pair;
  for (const [key, o] of before) {
    const n = after.get(key);
    const label = `${o.in} parameter '${o.name}'`;
    const location = `request.parameter ${o.in} ${o.name}`;
    if (!n) {
      const kind = removalKind(o.raw, ctx.now);
      if (kind === 'with')
        ctx.add('request-parameter-removed-with-deprecation', where, location, `deprecated ${label} removed`);
      else if (kind === 'before')
        ctx.add(
          'request-parameter-removed-before-sunset',
          where,
          location,
          `${label} removed before its sunset date ${String(o.raw['x-sunset'])}`,
        );
      else
        ctx.add(
          o.required ? 'required-request-parameter-removed' : 'request-parameter-removed',
          where,
          location,
          `${o.required ? 'required' : 'optional'} ${label} removed`,
        );
      continue;
    }
    if (!o.required && n.required)
      ctx.add('request-parameter-became-required', where, location, `${label} became required`);
    if (o.required && !n.required)
      ctx.add('request-parameter-became-optional', where, location, `${label} became optional`);
    if (o.raw.deprecated !== true && n.raw.deprecated === true)
      ctx.add('request-parameter-deprecated', where, location, `${label} deprecated`);
    // An undeclared path parameter (decision 301) has no schema to compare.
    if (o.implicit || n.implicit) continue;
    const oldSchema = paramSchema(o.raw);
    const newSchema = paramSchema(n.raw);
    const items = scalarToExplodedArray(docs, n.raw, oldSchema, newSchema);
    if (items !== undefined) {
      // Decision 806: `?a=x` is a valid one-element array in form style, exploded: the old value is compared with the items.
      ctx.add(
        'request-parameter-type-generalized',
        where,
        location,
        `${label} became an array: a single value is still accepted`,
      );
      ctx.addSchemaChanges(
        schemas.compare(oldSchema, items, 'request', 'parameter'),
        where,
        `${location} /items`,
        'parameter',
        'request',
      );
    } else
      ctx.addSchemaChanges(
        schemas.compare(oldSchema, newSchema, 'request', 'parameter'),
        where,
        location,
        'parameter',
        'request',
      );
  }
  for (const [key, n] of after) {
    if (before.has(key)) continue;
    const location = `request.parameter ${n.in} ${n.name}`;
    ctx.add(
      n.required ? 'new-required-request-parameter' : 'new-optional-request-parameter',
      where,
      location,
      `${n.required ? 'required' : 'optional'} ${n.in} parameter '${n.name}' added`,
    );
  }
}
