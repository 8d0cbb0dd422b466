import type { RefResolver } from '../spec/index.js';
import type { OpenApiDocs } from './model.js';
export type { OpenApiDocs } from './model.js';
import type { DiffContext } from './context.js';
import type { Dir, SchemaComparer } from './schema.js';
import { pairMediaTypes } from './media-types.js';
import { diffSecurity } from './security.js';
import { diffParams, type OperationPair } from './parameters.js';
export type { OperationPair } from './parameters.js';

const isSuccess = (code: string) => /^2(\d\d|XX)$/i.test(code);

export function diffOperation(ctx: DiffContext, docs: OpenApiDocs, schemas: SchemaComparer, pair: OperationPair) {
  const { oOp, nOp, where, prefix } = pair;
  const loc = (s: string) => `${prefix}${s}`;
  const requestDir: Dir = pair.sent ? 'response' : 'request';
  const responseDir: Dir = pair.sent ? 'request' : 'response';

  if (!pair.sent) {
    if (oOp.deprecated !== true && nOp.deprecated === true) {
      const sunset = nOp['x-sunset'];
      ctx.add(
        'endpoint-deprecated',
        where,
        loc('operation'),
        `operation deprecated${sunset ? ` with sunset date ${String(sunset)}` : ''}`,
      );
    }
    if (oOp.deprecated === true && nOp.deprecated !== true)
      ctx.add('endpoint-reactivated', where, loc('operation'), 'operation is no longer deprecated');
    if (typeof oOp.operationId === 'string' && oOp.operationId !== nOp.operationId) {
      ctx.add(
        'api-operation-id-removed',
        where,
        loc('operation'),
        `operationId '${oOp.operationId}' ${typeof nOp.operationId === 'string' ? `changed to '${nOp.operationId}'` : 'removed'}`,
      );
    }
    diffParams(ctx, docs, schemas, pair);
    diffSecurity(ctx, docs, oOp, nOp, where);
  }
  diffRequestBody(ctx, docs, schemas, pair, requestDir, loc);
  diffResponses(ctx, docs, schemas, pair, responseDir, loc);
}

function diffRequestBody(
  ctx: DiffContext,
  docs: OpenApiDocs,
  schemas: SchemaComparer,
  pair: OperationPair,
  dir: Dir,
  loc: (s: string) => string,
) {
  const { where } = pair;
  const o = pair.oOp.requestBody === undefined ? undefined : docs.oldRefs.obj(pair.oOp.requestBody);
  const n = pair.nOp.requestBody === undefined ? undefined : docs.newRefs.obj(pair.nOp.requestBody);
  const location = loc('request.body');
  if (!o && !n) return;
  if (!o) {
    ctx.add(
      n!.required === true ? 'request-body-added-required' : 'request-body-added-optional',
      where,
      location,
      `${n!.required === true ? 'required' : 'optional'} request body added`,
    );
    return;
  }
  if (!n) {
    ctx.add('request-body-removed', where, location, 'request body removed');
    return;
  }
  if (o.required !== true && n.required === true)
    ctx.add('request-body-became-required', where, location, 'request body became required');
  if (o.required === true && n.required !== true)
    ctx.add('request-body-became-optional', where, location, 'request body became optional');
  diffContent(ctx, docs, schemas, o.content, n.content, where, location, dir, 'request-body-media-type');
}

function diffContent(
  ctx: DiffContext,
  docs: OpenApiDocs,
  schemas: SchemaComparer,
  oContent: unknown,
  nContent: unknown,
  where: string,
  location: string,
  dir: Dir,
  mediaRule: string,
) {
  const o = docs.oldRefs.obj(oContent);
  const n = docs.newRefs.obj(nContent);
  const removed = Object.keys(o).filter((media) => !Object.hasOwn(n, media));
  const added = Object.keys(n).filter((media) => !Object.hasOwn(o, media));
  // Decision 804: a response media type made more specific (or given parameters) is the same content, renamed.
  const renamed = mediaRule === 'response-media-type' ? pairMediaTypes(removed, added) : [];
  const compare = (oldMedia: string, newMedia: string) => {
    const os = docs.oldRefs.obj(o[oldMedia]).schema;
    const ns = docs.newRefs.obj(n[newMedia]).schema;
    const at = `${location} ${newMedia}`;
    // Decision 805: a schema given to (or taken from) content that had none (any content) is a change of its own.
    const body = dir === 'request' ? 'request-body' : 'response-body';
    const anything = dir === 'request' ? 'any content was accepted' : 'it could hold any content';
    if (os === undefined && ns !== undefined)
      ctx.add(`${body}-media-type-schema-added`, where, at, `schema added to media type ${newMedia} (${anything})`);
    else if (os !== undefined && ns === undefined)
      ctx.add(
        `${body}-media-type-schema-removed`,
        where,
        at,
        `schema removed from media type ${newMedia} (any content now)`,
      );
    else ctx.addSchemaChanges(schemas.compare(os, ns, dir, 'body'), where, at, 'body', dir);
  };
  for (const media of Object.keys(o)) if (Object.hasOwn(n, media)) compare(media, media);
  for (const { from, to, rule } of renamed) {
    ctx.add(rule, where, `${location} ${to}`, `media type ${from} changed to ${to}`);
    compare(from, to);
  }
  const paired = new Set(renamed.flatMap((r) => [r.from, r.to]));
  for (const media of removed)
    if (!paired.has(media))
      ctx.add(`${mediaRule}-removed`, where, `${location} ${media}`, `media type ${media} removed`);
  for (const media of added)
    if (!paired.has(media)) ctx.add(`${mediaRule}-added`, where, `${location} ${media}`, `media type ${media} added`);
}

function diffResponses(
  ctx: DiffContext,
  docs: OpenApiDocs,
  schemas: SchemaComparer,
  pair: OperationPair,
  dir: Dir,
  loc: (s: string) => string,
) {
  const { where } = pair;
  const o = docs.oldRefs.obj(pair.oOp.responses);
  const n = docs.newRefs.obj(pair.nOp.responses);
  for (const code of Object.keys(o)) {
    if (code.startsWith('x-')) continue;
    const location = loc(`response ${code}`);
    const kind = isSuccess(code) ? 'success' : 'non-success';
    if (!Object.hasOwn(n, code)) {
      ctx.add(`response-${kind}-status-removed`, where, location, `${kind} response ${code} removed`);
      continue;
    }
    const or = docs.oldRefs.obj(o[code]);
    const nr = docs.newRefs.obj(n[code]);
    diffContent(ctx, docs, schemas, or.content, nr.content, where, location, dir, 'response-media-type');
    diffHeaders(ctx, docs, schemas, or.headers, nr.headers, where, location);
  }
  for (const code of Object.keys(n)) {
    if (code.startsWith('x-') || Object.hasOwn(o, code)) continue;
    const kind = isSuccess(code) ? 'success' : 'non-success';
    ctx.add(`response-${kind}-status-added`, where, loc(`response ${code}`), `${kind} response ${code} added`);
  }
}

function diffHeaders(
  ctx: DiffContext,
  docs: OpenApiDocs,
  schemas: SchemaComparer,
  oHeaders: unknown,
  nHeaders: unknown,
  where: string,
  location: string,
) {
  // header names are case-insensitive
  const lower = (refs: RefResolver, h: unknown) =>
    new Map(Object.entries(refs.obj(h)).map(([k, v]) => [k.toLowerCase(), { name: k, h: refs.obj(v) }]));
  const o = lower(docs.oldRefs, oHeaders);
  const n = lower(docs.newRefs, nHeaders);
  for (const [key, { name, h }] of o) {
    const at = `${location} header ${name}`;
    const now = n.get(key);
    if (!now) {
      ctx.add(
        h.required === true ? 'required-response-header-removed' : 'optional-response-header-removed',
        where,
        at,
        `${h.required === true ? 'required' : 'optional'} response header '${name}' removed`,
      );
      continue;
    }
    if (h.required === true && now.h.required !== true)
      ctx.add('response-header-became-optional', where, at, `response header '${name}' became optional`);
    ctx.addSchemaChanges(
      schemas.compare(h.schema, now.h.schema, 'response', 'header'),
      where,
      at,
      'header',
      'response',
    );
  }
  for (const [key, { name }] of n)
    if (!o.has(key))
      ctx.add('response-header-added', where, `${location} header ${name}`, `response header '${name}' added`);
}
