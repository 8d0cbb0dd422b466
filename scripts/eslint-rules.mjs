// The codebase's own lint rules (docs/architecture.md, "Module boundaries"), as an ESLint plugin:
// - module-boundaries: a file anywhere under src/modules/<m>/ (nested folders included) reaches
//   another module only through its index.ts; an integration (src/integrations/) reaches a module
//   only through its index.ts, its <m>.ports.ts (the port it implements) or its <m>.schemas.ts (the
//   shapes the port answers).
// - module-tables: a module imports from src/db/schema/ only its own tables (schema file named after
//   the module) and the read models listed for it in `readModels` (the read-only joins the
//   ownership table documents).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// Table ownership (docs/architecture.md, the ownership table; test/modules/kernel/architecture.test.ts checks
// that the two agree): a module owns the tables of src/db/schema/<module>.ts (or the file named
// here), and reads another module's table directly only for the read-only joins listed here;
// everything else goes through the owner's lookup or verbs.
export const tableOwnership = {
  schemaFile: {},
  shared: ['columns'],
  readModels: {
    catalog: ['users'],
    teams: ['users'],
    organizations: ['users'],
    incidents: ['users', 'components', 'environments'],
    dashboards: [
      'users',
      'components',
      'environments',
      'deployments',
      'incidents',
      'incidentComponents',
      'incidentUpdates',
    ],
    iac: ['iacModules', 'iacModuleVersions'],
    deployments: ['pipelines', 'pipelineRuns'],
    dora: [
      'deployments',
      'pipelines',
      'pipelineRuns',
      'components',
      'environments',
      'incidents',
      'incidentComponents',
      'incidentEnvironments',
    ],
    // The policy's facts in one query (decision 953).
    permissions: ['teams', 'teamMembers', 'components', 'apiSpecs', 'incidents', 'incidentComponents', 'pipelines'],
  },
};

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const posix = (p) => p.split(sep).join('/');
/** The import's target as a path from the repository root (undefined: a package, not a file). */
const target = (context, source) =>
  source.startsWith('.') ? posix(relative(root, resolve(dirname(context.filename), source))) : undefined;
const moduleOf = (file) => /^src\/modules\/([^/]+)\/./.exec(file)?.[1];

const moduleBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { internal: "Import module '{{module}}' only through its index.ts{{ports}}." },
  },
  create(context) {
    const self = posix(relative(root, context.filename));
    const own = moduleOf(self);
    // Fakes are moving to test/fakes/ (issue 23, point 2); until then they are not held to this rule.
    const integration = self.startsWith('src/integrations/') && !self.endsWith('.fake.ts');
    if (!own && !integration) return {};
    const check = (node) => {
      const to = node.source && target(context, node.source.value);
      const other = to && moduleOf(to);
      if (!other || other === own) return;
      if (to === `src/modules/${other}/index.js`) return;
      if (
        integration &&
        (to === `src/modules/${other}/${other}.ports.js` || to === `src/modules/${other}/${other}.schemas.js`)
      )
        return;
      context.report({
        node: node.source,
        messageId: 'internal',
        data: { module: other, ports: integration ? `, ${other}.ports.ts or ${other}.schemas.ts` : '' },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (n) => n.source.type === 'Literal' && check(n),
    };
  },
};

/** Every name src/db/schema/<file>.ts exports, mapped to <file>. */
function schemaOwners() {
  const dir = join(root, 'src/db/schema');
  const owners = new Map();
  for (const f of readdirSync(dir)) {
    if (!f.endsWith('.ts') || f === 'index.ts') continue;
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(
      /^export (?:const|type|interface|function|enum) (\w+)/gm,
    ))
      owners.set(m[1], f.slice(0, -3));
  }
  return owners;
}

const moduleTables = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { schemaFile: { type: 'object' }, readModels: { type: 'object' }, shared: { type: 'array' } },
        additionalProperties: false,
      },
    ],
    messages: {
      foreign:
        "Module '{{module}}' does not own '{{name}}' (src/db/schema/{{file}}.ts): read it through its owner's lookup, write it through its owner's service verbs, or list it as a read model (eslint.config.js, docs/architecture.md).",
      whole: 'Import named tables from src/db/schema, not the whole namespace (the owner of each table is checked).',
    },
  },
  create(context) {
    const own = moduleOf(posix(relative(root, context.filename)));
    if (!own) return {};
    const { schemaFile = {}, readModels = {}, shared = [] } = context.options[0] ?? {};
    const mine = schemaFile[own] ?? own;
    const allowed = new Set(readModels[own] ?? []);
    let owners;
    return {
      ImportDeclaration(node) {
        const to = target(context, node.source.value);
        const file = to && /^src\/db\/schema\/([^/]+)\.js$/.exec(to)?.[1];
        if (!file || shared.includes(file)) return;
        owners ??= schemaOwners();
        for (const spec of node.specifiers) {
          if (spec.type !== 'ImportSpecifier') {
            context.report({ node: spec, messageId: 'whole' });
            continue;
          }
          const name = spec.imported.name;
          const from = file === 'index' ? owners.get(name) : file;
          if (from === mine || allowed.has(name)) continue;
          context.report({ node: spec, messageId: 'foreign', data: { module: own, name, file: from ?? file } });
        }
      },
    };
  },
};

export default { rules: { 'module-boundaries': moduleBoundaries, 'module-tables': moduleTables } };
