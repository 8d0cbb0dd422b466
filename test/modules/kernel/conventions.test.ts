import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: the lint rules are plain JavaScript, without types
import { tableOwnership } from '../../../scripts/eslint-rules.mjs';
import { projectRoot as root } from '../../../src/kernel/paths.js';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';
import { importCircles, importGraph } from '../../helpers/import-graph.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ MAX_BODY_BYTES: '2048', ALLOWED_ORIGINS: 'https://portal.example.test' });
});
afterAll(() => t.close());

describe('error envelope on every failure', () => {
  it('unknown route: 404', async () => {
    const body = expectError(await t.app.inject({ method: 'GET', url: '/api/v1/nope?token=secret' }), 404);
    expect(body.path).toBe('/api/v1/nope');
    expect(body.error).toBe('Not Found');
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  });

  it('unsupported method on a known path: 405 with Allow', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/v1/auth/login' });
    expectError(res, 405);
    expect(res.headers.allow).toContain('POST');
  });

  it('malformed JSON: 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username": ' });
    expect(expectError(res, 400).message).toMatch(/JSON/);
  });

  it('body over MAX_BODY_BYTES: 413', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: 'x'.repeat(4096), password: 'y' } });
    expectError(res, 413);
  });

  it('wrong content type: 415', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expectError(res, 415);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: '{"username":"a","password":"b"}',
    });
    expectError(plain, 415);
  });

  it('validation: 400 with one message and details', async () => {
    const body = expectError(
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { username: 'ab', email: 'x@y.test', password: 7 } }),
      400,
    );
    expect(body.message).toMatch(/password/);
    expect(body.details?.[0]).toMatchObject({ field: 'password' });
  });

  it('empty JSON body on a route without body is fine; on one with a body it is a 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expectError(res, 400);
  });

  it('bad UUID path parameter: 400', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/v1/auth/users/123/roles', headers: bearer(await t.adminToken()), payload: { roles: [] } });
    expectError(res, 400);
  });
});

describe('schemas compile on first use', () => {
  it('every route validator and serializer still compiles (forced here, not waiting for traffic)', async () => {
    const { compileDeferredSchemas } = await import('../../../src/kernel/lazy-schemas.js');
    expect(compileDeferredSchemas()).toBeGreaterThan(200);
    expect(compileDeferredSchemas()).toBe(0);
  });
});

describe('operations', () => {
  it('liveness and readiness', async () => {
    expect((await t.app.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks).toEqual({ database: 'up', redis: 'disabled' });
  });

  it("helmet's security headers on every answer, errors included; no HSTS over plain HTTP", async () => {
    for (const res of [
      await t.app.inject({ url: '/health' }),
      await t.app.inject({ url: '/api/v1/catalog/components' }),
      await t.app.inject({ url: '/nope' }),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('request ids: generated, or taken from X-Request-Id', async () => {
    const a = await t.app.inject({ url: '/health' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const b = await t.app.inject({ url: '/health', headers: { 'x-request-id': 'trace-123' } });
    expect(b.headers['x-request-id']).toBe('trace-123');
  });

  it('security headers and CORS from ALLOWED_ORIGINS', async () => {
    const res = await t.app.inject({ url: '/health', headers: { origin: 'https://portal.example.test' } });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBe('https://portal.example.test');
    const other = await t.app.inject({ url: '/health', headers: { origin: 'https://evil.example.test' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('Prometheus metrics with route labels and queue depths', async () => {
    await t.app.inject({ url: '/health' });
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/health",status_code="200"\} \d+/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('# TYPE queue_jobs gauge');
  });

  it('OpenAPI document lists every /api/v1 route with schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/api/v1/auth/register');
    expect(paths).toContain('/api/v1/auth/users/{id}/roles');
    expect(doc.paths['/api/v1/auth/login'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/v1/auth/users'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.schemas.User).toBeDefined();
    // Every registered /api/v1 route appears in the document, with its method.
    const tree = t.app.printRoutes({ commonPrefix: false });
    // Under the portal's `/` route (web/dist built) the tree prints the paths without their leading slash.
    const routes = [...tree.matchAll(/── \/?(api\/v1\/\S*) \(([A-Z, ]+)\)/g)].flatMap(([, url, methods]) =>
      methods!
        .split(', ')
        .filter((m) => m !== 'HEAD')
        .map((m) => ['/' + url!.replace(/:(\w+)/g, '{$1}'), m.toLowerCase()] as const),
    );
    expect(routes.length).toBeGreaterThan(3);
    for (const [url, method] of routes) expect(doc.paths[url]?.[method], `${method} ${url}`).toBeDefined();
    const ui = await t.app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/html/);
  });
});

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
      [...readText(`src/db/schema/${f}`).matchAll(/^export const (\w+) = pgTable\(\s*'([^']+)'/gm)].map(([, name, table]) => ({
        name: name!,
        table: table!,
        file: f.slice(0, -3),
      })),
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
  const moduleOfFile = (file: string) => Object.entries(tableOwnership.schemaFile as Record<string, string>).find(([, f]) => f === file)?.[0] ?? file;

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
      const exported = [...readText(index).matchAll(/^export (?:async )?function (\w+)|^export \{([^}]*)\}/gm)].flatMap(([, fn, list]) =>
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
      expect(plugins.length === 1 || (plugins.length === 0 && factories.length === 1), `${index}: ${exported.join(', ')}`).toBe(true);
    }
  });

  // Each system under src/integrations/ (not `outbound`, the address policy, nor `http.ts`) has a port
  // (a module's <m>.ports.ts or its own <system>.port.ts), an adapter, a fake and a contract suite.
  const systems = dirs('src/integrations').filter((s) => s !== 'outbound');
  const files = (path: string): string[] =>
    existsSync(join(root, path))
      ? readdirSync(join(root, path), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(`${path}/${e.name}`) : [`${path}/${e.name}`]))
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
    for (const f of files('src/integrations').filter((f) => f.endsWith('.ts') && !f.endsWith('/dates.ts') && !f.endsWith('/aws.ts'))) {
      const text = readText(f);
      expect(/new Date\([^)]+\)\.toISOString\(\)/.test(text), `${f} parses an upstream date by hand (use isoDate)`).toBe(false);
      expect(/\$metadata\?*\.httpStatusCode/.test(text), `${f} maps AWS errors by hand (use awsError)`).toBe(false);
    }
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
  // What is left of issue 34's list, each to move behind a port or into kernel/infra; the list only shrinks.
  const NOT_YET_MOVED = [
    'src/modules/ci/ci.deploy.ts -> src/integrations/argocd/client.ts',
    'src/modules/ci/ci.service.ts -> src/integrations/outbound/fetch.ts',
    'src/modules/meshone/meshone.ports.ts -> src/integrations/kubernetes/kubeconfig.ts',
    'src/modules/meshone/meshone.service.ts -> src/integrations/prometheus/range.ts',
    'src/modules/meshtwo/meshtwo.ports.ts -> src/integrations/kubernetes/kubeconfig.ts',
    'src/modules/meshtwo/meshtwo.service.ts -> src/integrations/prometheus/range.ts',
    'src/modules/pipelines/stages/script.ts -> src/integrations/process.ts',
    // Outbound webhook deliveries POST through the pinned outbound fetch; to move behind a port with a contract suite.
    'src/modules/webhooks/webhooks.delivery.ts -> src/integrations/outbound/fetch.ts',
  ];
  it('a module imports from src/integrations/ only the git port and the outbound policy', () => {
    const crossings = [...graph]
      .filter(([file]) => file.startsWith('src/modules/'))
      .flatMap(([file, targets]) => targets.filter((t) => t.startsWith('src/integrations/') && !ALLOWED.has(t)).map((t) => `${file} -> ${t}`));
    expect([...new Set(crossings)].sort()).toEqual(NOT_YET_MOVED);
  });
});
