import { isObj, type Obj } from '../spec/index.js';
import type { DiffContext } from './context.js';
import { named } from './keywords.js';
import type { OpenApiDocs } from './model.js';

/**
 * Security requirements are alternatives (any one satisfies the operation). The operation's own
 * list wins over the document's; a missing or empty list, or an empty requirement `{}`, means
 * anonymous access. Alternatives are matched by their set of scheme names.
 */
type Requirement = Map<string, Set<string>>;

function effective(doc: Obj, op: Obj): Map<string, Requirement> {
  const list = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : [];
  const out = new Map<string, Requirement>();
  if (list.length === 0) out.set('', new Map());
  for (const entry of list) {
    if (!isObj(entry)) continue;
    const req: Requirement = new Map(
      Object.entries(entry).map(([k, v]) => [k, new Set(Array.isArray(v) ? v.map(String) : [])]),
    );
    out.set([...req.keys()].sort().join(' + '), req);
  }
  return out;
}

const label = (key: string) =>
  key === '' ? 'anonymous access (no security requirement)' : `security requirement '${key}'`;

export function diffSecurity(ctx: DiffContext, docs: OpenApiDocs, oOp: Obj, nOp: Obj, where: string) {
  const before = effective(docs.old, oOp);
  const after = effective(docs.new, nOp);
  // Anonymous access now allowed: every client gets in, with or without the credentials it sends.
  const open = after.has('');
  for (const [key, req] of before) {
    const now = after.get(key);
    if (!now) {
      ctx.add(
        open ? 'api-security-removed-anonymous-allowed' : 'api-security-removed',
        where,
        'security',
        `${label(key)} removed`,
      );
      continue;
    }
    for (const [scheme, scopes] of now) {
      const had = req.get(scheme) ?? new Set();
      const added = [...scopes].filter((s) => !had.has(s));
      const removed = [...had].filter((s) => !scopes.has(s));
      if (added.length)
        ctx.add(
          'api-security-scope-added',
          where,
          `security ${scheme}`,
          `scope${added.length > 1 ? 's' : ''} ${named(added, false)} added to '${scheme}'`,
        );
      if (removed.length)
        ctx.add(
          'api-security-scope-removed',
          where,
          `security ${scheme}`,
          `scope${removed.length > 1 ? 's' : ''} ${named(removed, false)} removed from '${scheme}'`,
        );
    }
  }
  for (const key of after.keys())
    if (!before.has(key)) ctx.add('api-security-added', where, 'security', `${label(key)} added`);
}

/** Security schemes of `components` (Swagger 2's `securityDefinitions` arrive there normalised). */
export function diffSecurityComponents(ctx: DiffContext, docs: OpenApiDocs) {
  const o = docs.oldRefs.obj(docs.oldRefs.obj(docs.old.components).securitySchemes);
  const n = docs.newRefs.obj(docs.newRefs.obj(docs.new.components).securitySchemes);
  for (const name of Object.keys(o)) {
    const path = `components securitySchemes ${name}`;
    if (!Object.hasOwn(n, name)) {
      ctx.add('api-security-component-removed', path, 'security scheme', `security scheme '${name}' removed`);
      continue;
    }
    const a = docs.oldRefs.obj(o[name]).type;
    const b = docs.newRefs.obj(n[name]).type;
    if (a !== b)
      ctx.add(
        'api-security-component-type-changed',
        path,
        'security scheme',
        `security scheme '${name}' type changed from ${String(a)} to ${String(b)}`,
      );
  }
}
