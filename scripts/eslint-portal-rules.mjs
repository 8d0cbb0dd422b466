// The portal's own lint rule (docs/architecture.md, "Portal areas"; decision 941), as an ESLint plugin:
// - area-boundaries: each folder web/src/routes/<area>/ is an area that owns its pages, queries, keys and
//   dialogs. From outside an area (another area, or the shared folders api/, components/, lib/, live/ and
//   the router) only its public files may be imported: index.ts (what other areas use), keys.ts (the live
//   event-to-query map) and routes.tsx (the router). Unit tests are not bundled and may reach inside.
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const posix = (p) => p.split(sep).join('/');
const PUBLIC = new Set(['', 'index', 'index.ts', 'keys', 'keys.ts', 'routes', 'routes.tsx']);
/** The area of a path from the repository root and the rest of the path inside it (undefined: not in an area). */
const areaOf = (file) => {
  const m = /^web\/src\/routes\/([^/]+)(?:\/(.*))?$/.exec(file);
  return m && m[2] !== undefined
    ? { area: m[1], rest: m[2] }
    : m && !/\.tsx?$/.test(m[1])
      ? { area: m[1], rest: '' }
      : undefined;
};

/**
 * The area a file (absolute path) may not reach by importing `source`, with the path inside it; undefined
 * when the import is allowed (the lint rule and the conventions test share this answer).
 */
export function internalImport(filename, source) {
  const self = posix(relative(root, filename));
  if (!self.startsWith('web/src/') || /\.unit\.test\.tsx?$/.test(self) || !source.startsWith('.')) return undefined;
  const to = areaOf(posix(relative(root, resolve(dirname(filename), source))));
  if (!to || to.area === areaOf(self)?.area || PUBLIC.has(to.rest)) return undefined;
  return to;
}

const areaBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { internal: "Import area '{{area}}' through its index.ts (or keys.ts, routes.tsx), not '{{rest}}'." },
  },
  create(context) {
    const check = (node) => {
      const source = node.source?.value;
      const to = typeof source === 'string' ? internalImport(context.filename, source) : undefined;
      if (to) context.report({ node: node.source, messageId: 'internal', data: { area: to.area, rest: to.rest } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (n) => n.source.type === 'Literal' && check(n),
    };
  },
};

export default { meta: { name: 'hangar-portal' }, rules: { 'area-boundaries': areaBoundaries } };
