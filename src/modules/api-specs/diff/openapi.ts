import { isObj, type Obj, RefResolver } from '../spec/index.js';
import { removalKind, type DiffContext } from './context.js';
import { diffOperation, type OpenApiDocs } from './operation.js';
import { SchemaComparer } from './schema.js';
import { Unchanged } from './unchanged.js';
import { diffSecurityComponents } from './security.js';

/** Paths, operations, webhooks and callbacks of two OpenAPI documents (Swagger 2 arrives normalised). */
export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** `/books/{bookId}` and `/books/{id}` are one endpoint: templates compare with their parameter names blanked. */
const template = (path: string) => path.replace(/\{[^}]*\}/g, '{}');

/** Pairs old and new path keys: exact matches first, then by template (a renamed path parameter). */
export function matchPaths(
  oldKeys: string[],
  newKeys: string[],
): { both: [string, string][]; removed: string[]; added: string[] } {
  const newSet = new Set(newKeys);
  const both: [string, string][] = [];
  const removed: string[] = [];
  const oldLeft: string[] = [];
  for (const k of oldKeys) {
    if (newSet.has(k)) both.push([k, k]);
    else oldLeft.push(k);
  }
  const matched = new Set(both.map(([, n]) => n));
  const byTemplate = new Map<string, string[]>();
  for (const k of newKeys)
    if (!matched.has(k)) byTemplate.set(template(k), [...(byTemplate.get(template(k)) ?? []), k]);
  for (const k of oldLeft) {
    const candidates = byTemplate.get(template(k));
    const next = candidates?.shift();
    if (next) {
      both.push([k, next]);
      matched.add(next);
    } else removed.push(k);
  }
  const added = newKeys.filter((k) => !matched.has(k));
  return { both, removed, added };
}

const pathKeys = (paths: unknown) => (isObj(paths) ? Object.keys(paths).filter((k) => k.startsWith('/')) : []);

export function diffOpenApi(ctx: DiffContext, oldDoc: Obj, newDoc: Obj): SchemaComparer {
  const docs: OpenApiDocs = {
    old: oldDoc,
    new: newDoc,
    oldRefs: new RefResolver(oldDoc),
    newRefs: new RefResolver(newDoc),
  };
  const unchanged = new Unchanged(docs.oldRefs, docs.newRefs);
  const schemas = new SchemaComparer(docs.oldRefs, docs.newRefs, unchanged, () => ctx.tick());
  // Document-level security applies to every operation without its own: only then may an untouched path item be skipped.
  const sameSecurity = unchanged.same(oldDoc.security, newDoc.security);
  const oldPaths = docs.oldRefs.obj(oldDoc.paths);
  const newPaths = docs.newRefs.obj(newDoc.paths);
  const { both, removed, added } = matchPaths(pathKeys(oldPaths), pathKeys(newPaths));

  for (const path of removed) {
    const item = docs.oldRefs.obj(oldPaths[path]);
    const ops = METHODS.map((m) => item[m]).filter(isObj);
    // A path is removed "with deprecation" only when every operation was deprecated; the latest sunset counts.
    const verdicts = ops.map((op) => removalKind(op, ctx.now));
    const kind =
      ops.length === 0
        ? 'with'
        : verdicts.includes('without')
          ? 'without'
          : verdicts.includes('before')
            ? 'before'
            : 'with';
    const sunset = ops.map((op) => op['x-sunset']).find((s) => s !== undefined);
    const detail =
      kind === 'before'
        ? `path '${path}' removed before its sunset date ${String(sunset)}`
        : `path '${path}' removed${kind === 'with' ? ' after deprecation' : ''}`;
    ctx.add(
      `api-path-removed-${kind === 'with' ? 'with-deprecation' : kind === 'before' ? 'before-sunset' : 'without-deprecation'}`,
      path,
      'path',
      detail,
    );
  }
  for (const path of added) ctx.add('api-path-added', path, 'path', `path '${path}' added`);

  for (const [oldPath, newPath] of both) {
    if (sameSecurity && oldPath === newPath && unchanged.same(oldPaths[oldPath], newPaths[newPath])) continue;
    const oItem = docs.oldRefs.obj(oldPaths[oldPath]);
    const nItem = docs.newRefs.obj(newPaths[newPath]);
    for (const method of METHODS) {
      const oOp = oItem[method];
      const nOp = nItem[method];
      const where = `${method.toUpperCase()} ${newPath}`;
      if (isObj(oOp) && !isObj(nOp)) {
        const kind = removalKind(oOp, ctx.now);
        const detail =
          kind === 'before'
            ? `operation ${where} removed before its sunset date ${String(oOp['x-sunset'])}`
            : `operation ${where} removed${kind === 'with' ? ' after deprecation' : ''}`;
        ctx.add(
          `api-removed-${kind === 'with' ? 'with-deprecation' : kind === 'before' ? 'before-sunset' : 'without-deprecation'}`,
          where,
          'operation',
          detail,
        );
      } else if (!isObj(oOp) && isObj(nOp)) {
        ctx.add('endpoint-added', where, 'operation', `operation ${where} added`);
      } else if (isObj(oOp) && isObj(nOp)) {
        diffOperation(ctx, docs, schemas, { oldPath, newPath, oItem, nItem, oOp, nOp, where, prefix: '' });
        diffCallbacks(ctx, docs, schemas, oOp, nOp, where);
      }
    }
  }
  diffWebhooks(ctx, docs, schemas);
  diffSecurityComponents(ctx, docs);
  return schemas;
}

/** Operations of two path items compared as sent BY the API (webhooks, callbacks). */
function diffSentItems(
  ctx: DiffContext,
  docs: OpenApiDocs,
  schemas: SchemaComparer,
  oItem: Obj,
  nItem: Obj,
  path: string,
  prefix: string,
  rule: 'webhook' | 'callback',
) {
  for (const method of METHODS) {
    const oOp = oItem[method];
    const nOp = nItem[method];
    const where = `${prefix} ${method.toUpperCase()}`;
    if (isObj(oOp) && !isObj(nOp)) ctx.add(`${rule}-removed`, path, where, `${where} removed`);
    else if (!isObj(oOp) && isObj(nOp)) ctx.add(`${rule}-added`, path, where, `${where} added`);
    else if (isObj(oOp) && isObj(nOp))
      diffOperation(ctx, docs, schemas, {
        oldPath: '',
        newPath: '',
        oItem,
        nItem,
        oOp,
        nOp,
        where: path,
        prefix: `${where} `,
        sent: true,
      });
  }
}

function diffCallbacks(
  ctx: DiffContext,
  docs: OpenApiDocs,
  schemas: SchemaComparer,
  oOp: Obj,
  nOp: Obj,
  where: string,
) {
  const oCb = docs.oldRefs.obj(oOp.callbacks);
  const nCb = docs.newRefs.obj(nOp.callbacks);
  for (const name of new Set([...Object.keys(oCb), ...Object.keys(nCb)])) {
    const o = docs.oldRefs.obj(oCb[name]);
    const n = docs.newRefs.obj(nCb[name]);
    for (const expr of new Set([...Object.keys(o), ...Object.keys(n)])) {
      if (expr.startsWith('x-')) continue;
      const label = `callback ${name} ${expr}`;
      if (!Object.hasOwn(n, expr)) ctx.add('callback-removed', where, label, `${label} removed`);
      else if (!Object.hasOwn(o, expr)) ctx.add('callback-added', where, label, `${label} added`);
      else
        diffSentItems(
          ctx,
          docs,
          schemas,
          docs.oldRefs.obj(o[expr]),
          docs.newRefs.obj(n[expr]),
          where,
          label,
          'callback',
        );
    }
  }
}

function diffWebhooks(ctx: DiffContext, docs: OpenApiDocs, schemas: SchemaComparer) {
  const o = docs.oldRefs.obj(docs.old.webhooks);
  const n = docs.newRefs.obj(docs.new.webhooks);
  for (const name of new Set([...Object.keys(o), ...Object.keys(n)])) {
    const path = `webhook ${name}`;
    if (!Object.hasOwn(n, name)) ctx.add('webhook-removed', path, 'webhook', `webhook '${name}' removed`);
    else if (!Object.hasOwn(o, name)) ctx.add('webhook-added', path, 'webhook', `webhook '${name}' added`);
    else
      diffSentItems(
        ctx,
        docs,
        schemas,
        docs.oldRefs.obj(o[name]),
        docs.newRefs.obj(n[name]),
        path,
        'webhook',
        'webhook',
      );
  }
}
