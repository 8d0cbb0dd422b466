import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the lint rules are plain JavaScript, without types
import { tableOwnership } from '../../../scripts/eslint-rules.mjs';
import { projectRoot as root } from '../../../src/kernel/paths.js';
import { importCircles, importGraph } from '../../helpers/import-graph.js';

// The code matches docs/architecture.md ("Module boundaries", "External systems"). Pure file checks.
const readText = (path: string) => readFileSync(join(root, path), 'utf8');
const dirs = (path: string) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** Every table in src/db/schema/: its SQL name, the export naming it and the file declaring it. */
function schemaTables() {
  return readdirSync(join(root, 'src/db/schema'))
    .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
    .flatMap((f) =>
      [...readText(`src/db/schema/${f}`).matchAll(/^export const (\w+) = pgTable\(\s*'([^']+)'/gm)].map(
        ([, name, table]) => ({
          name: name!,
          table: table!,
          file: f.slice(0, -3),
        }),
      ),
    );
}

/** The ownership table of docs/architecture.md: one row per group of tables. */
function ownershipRows() {
  const doc = readText('docs/architecture.md');
  const start = doc.indexOf('| Table(s) | Owner |');
  const lines = doc.slice(start).split('\n');
  const end = lines.findIndex((l) => !l.startsWith('|'));
  return lines
    .slice(2, end)
    .map((l) => l.split('|').map((c) => c.trim()))
    .map(([, tables, owner, readBy, writtenBy]) => ({
      tables: [...tables!.matchAll(/`(\w+)`/g)].map((m) => m[1]!),
      owner: owner!,
      readBy: readBy!,
      writtenBy: writtenBy!,
    }));
}

describe('the ownership table of docs/architecture.md matches the code', () => {
  const modules = dirs('src/modules');
  const rows = ownershipRows();
  const tables = schemaTables();
  const moduleOfFile = (file: string) =>
    Object.entries(tableOwnership.schemaFile as Record<string, string>).find(([, f]) => f === file)?.[0] ?? file;

  it('lists every table once, under the module whose schema file declares it (the lint rule module-tables uses the same)', () => {
    expect(rows.length).toBeGreaterThan(10);
    for (const { table, file } of tables) {
      const found = rows.filter((r) => r.tables.includes(table));
      expect(
        found.map((r) => r.owner),
        table,
      ).toEqual([moduleOfFile(file)]);
    }
    const known = new Set(tables.map((t) => t.table));
    for (const r of rows) {
      expect(modules, `owner ${r.owner}`).toContain(r.owner);
      for (const table of r.tables) expect(known.has(table), `${table} is not a table`).toBe(true);
    }
  });

  it('documents every read model the lint rule allows, on the row of its table', () => {
    const readModels = tableOwnership.readModels as Record<string, string[]>;
    for (const [reader, names] of Object.entries(readModels)) {
      expect(modules).toContain(reader);
      for (const name of names) {
        const table = tables.find((t) => t.name === name);
        expect(table, name).toBeDefined();
        const row = rows.find((r) => r.tables.includes(table!.table));
        expect(row?.readBy, `${reader} reads ${table!.table}`).toContain(reader);
      }
    }
  });
});

describe('modules and integrations have the documented shape', () => {
  it("every module's index.ts exports one module (its plugin `<name>Module`, or its one `create<Name>` factory)", () => {
    for (const m of dirs('src/modules')) {
      const index = `src/modules/${m}/index.ts`;
      if (!existsSync(join(root, index))) continue; // health: routes only, registered by app.ts
      const exported = [...readText(index).matchAll(/^export (?:async )?function (\w+)|^export \{([^}]*)\}/gm)].flatMap(
        ([, fn, list]) =>
          fn
            ? [fn]
            : list!.split(',').map((s) =>
                s
                  .trim()
                  .split(/\s+as\s+/)
                  .pop()!,
              ),
      );
      const plugins = exported.filter((n) => /^\w+Module$/.test(n));
      const factories = exported.filter((n) => n.toLowerCase().startsWith(`create${camel(m).toLowerCase()}`));
      expect(
        plugins.length === 1 || (plugins.length === 0 && factories.length === 1),
        `${index}: ${exported.join(', ')}`,
      ).toBe(true);
    }
  });

  // Each system under src/integrations/ (not `outbound`, the address policy, nor `http.ts`) has a port
  // (a module's <m>.ports.ts or its own <system>.port.ts), an adapter, a fake and a contract suite.
  const systems = dirs('src/integrations').filter((s) => s !== 'outbound');
  const files = (path: string): string[] =>
    existsSync(join(root, path))
      ? readdirSync(join(root, path), { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? files(`${path}/${e.name}`) : [`${path}/${e.name}`],
        )
      : [];
  it('every integration has a port and an adapter', () => {
    for (const s of systems) {
      const own = files(`src/integrations/${s}`);
      const adapters = own.filter((f) => f.endsWith('.adapter.ts'));
      expect(adapters.length, `${s}: an adapter`).toBeGreaterThan(0);
      for (const a of adapters) {
        const text = readText(a);
        expect(/\.ports?\.js'/.test(text), `${a} implements a port`).toBe(true);
      }
    }
  });
  // Decision 510: one contract suite per port (test/contracts/<port>.contract.ts), run on the port's
  // one fake (test/fakes/ports/) and on every real adapter (its test in test/contracts/).
  const testFiles = files('test/contracts').filter((f) => f.endsWith('.test.ts'));
  const suites = files('test/contracts').filter((f) => f.endsWith('.contract.ts'));
  it('every contract suite runs on a fake and on a real adapter', () => {
    expect(suites.length).toBeGreaterThan(0);
    for (const suite of suites) {
      const name = suite.split('/').pop()!.replace(/\.ts$/, '.js');
      const runners = testFiles.filter((f) => readText(f).includes(`/${name}'`) || readText(f).includes(`./${name}'`));
      expect(
        runners.some((f) => readText(f).includes('fakes/ports/')),
        `${suite}: run on its fake`,
      ).toBe(true);
      expect(
        runners.some((f) => readText(f).includes('src/integrations/')),
        `${suite}: run on a real adapter`,
      ).toBe(true);
    }
  });
  it('every integration is held to a contract suite, and fakes live only under test/fakes/', () => {
    for (const s of systems) {
      expect(
        testFiles.some((f) => readText(f).includes(`src/integrations/${s}/`) && readText(f).includes(".contract.js'")),
        `${s}: a test file runs a contract suite on it`,
      ).toBe(true);
    }
    expect(files('src/integrations').filter((f) => f.endsWith('.fake.ts'))).toEqual([]);
  });
  // Decision 520: one test layout. Test files live in test/unit, test/contracts, test/modules/<module>
  // and test/e2e (test/e2e/browser for the portal); test/fakes, test/helpers and test/fixtures hold
  // no tests.
  it('test files live only in the one test layout', () => {
    const misplaced = files('test')
      .filter((f) => f.endsWith('.test.ts'))
      .filter((f) => !/^test\/(unit|contracts|modules\/[^/]+|e2e)\//.test(f));
    expect(misplaced).toEqual([]);
  });
  // Decision 515: binaries (git, the build tools, script stages) are spawned only by the one
  // process-group runner; the embedded database's first migration is the server's own child.
  it('only the process-group runner spawns binaries', () => {
    const spawning = files('src')
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => /from 'node:child_process'|from 'child_process'/.test(readText(f)));
    expect(spawning.sort()).toEqual(['src/db/embedded-init.ts', 'src/integrations/process.ts']);
  });
  // Decision 516: the shared mechanics are used, not copied.
  it('adapters parse dates and map AWS errors through the shared helpers', () => {
    for (const f of files('src/integrations').filter(
      (f) => f.endsWith('.ts') && !f.endsWith('/dates.ts') && !f.endsWith('/aws.ts'),
    )) {
      const text = readText(f);
      expect(
        /new Date\([^)]+\)\.toISOString\(\)/.test(text),
        `${f} parses an upstream date by hand (use isoDate)`,
      ).toBe(false);
      expect(/\$metadata\?*\.httpStatusCode/.test(text), `${f} maps AWS errors by hand (use awsError)`).toBe(false);
    }
  });
});

// Decisions 1051, 1120: a source file holds at most 300 lines, counted as `wc -l` counts them (blank and
// comment lines included, as ESLint's max-lines counts them here); the generated client types are not source.
describe('file size (decisions 1051, 1120)', () => {
  const sourceFiles = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? sourceFiles(`${dir}/${e.name}`) : /\.tsx?$/.test(e.name) ? [`${dir}/${e.name}`] : [],
    );
  const lines = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

  it('no file of src/ or web/src/ is over 300 lines', () => {
    // Generated types and the diff's rule table are data, not code (decision 1075), as in eslint.config.js.
    const data = new Set(['web/src/api/schema.d.ts', 'src/modules/api-specs/diff/rules.ts']);
    const files = [...sourceFiles('src'), ...sourceFiles('web/src')].filter((f) => !data.has(f));
    expect(files.length).toBeGreaterThan(300);
    const over = files.filter((f) => lines(readText(f)) > 300);
    expect(over).toEqual([]);
  });
});

describe('the import graph (decision 922)', () => {
  const graph = importGraph(root);

  it('has no import circle in src/, type-only imports included', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  // A module reaches an external system through a port the composition root fills (src/adapters/);
  // from src/integrations/ it imports only the git port and the outbound address policy.
  const ALLOWED = new Set(['src/integrations/git/git.port.ts', 'src/integrations/outbound/policy.ts']);
  it('a module imports from src/integrations/ only the git port and the outbound policy', () => {
    const crossings = [...graph]
      .filter(([file]) => file.startsWith('src/modules/'))
      .flatMap(([file, targets]) =>
        targets.filter((t) => t.startsWith('src/integrations/') && !ALLOWED.has(t)).map((t) => `${file} -> ${t}`),
      );
    expect([...new Set(crossings)].sort()).toEqual([]);
  });
});
