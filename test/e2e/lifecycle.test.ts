import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { projectRoot } from '../../src/kernel/paths.js';
import { createTestDatabase, testConfig } from '../helpers/app.js';
import { TEST_DATABASE_URL, databaseUrlFor } from '../helpers/test-env.js';
import { builtServerEntry } from '../helpers/built-server.js';
import { migratedDataDir } from '../helpers/embedded-data-dir.js';
import { freePort, waitUntil } from '../helpers/free-port.js';

const cleanups: (() => Promise<unknown> | void)[] = [];
/** A process this file started is killed in afterAll whatever the test's outcome (no orphan keeps serving). */
function spawned<T extends ChildProcess>(child: T): T {
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return child;
}
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('migrations', () => {
  it('two processes migrating one empty PostgreSQL database at once both succeed, once', async () => {
    const name = `hangar_mig_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const [one, two] = await Promise.all(
      [0, 1].map(() => openDatabase({ databaseUrl: databaseUrlFor(name), dataDir: '', poolSize: 2 })),
    );
    await Promise.all([migrate(one!), migrate(two!)]);
    const applied = await one!.db.execute('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations' as any);
    const { readdirSync } = await import('node:fs');
    const files = readdirSync(join(projectRoot, 'src/db/migrations')).filter((f) => f.endsWith('.sql'));
    expect((applied as any).rows[0].n).toBe(files.length);
    await Promise.all([one!.close(), two!.close()]);
  });
});

describe('embedded database', () => {
  it('keeps data in DATA_DIR across a restart', async () => {
    const dataDir = await migratedDataDir(); // decision 1155
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATABASE_URL: undefined, DATA_DIR: dataDir };
    const first = await buildApp(testConfig(env), { logger: false });
    const reg = await first.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: 'persisted', email: 'p@x.test', password: 'Passw0rdP' },
    });
    expect(reg.statusCode).toBe(201);
    await first.close();
    const second = await buildApp(testConfig(env), { logger: false });
    const login = await second.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'persisted', password: 'Passw0rdP' },
    });
    expect(login.statusCode).toBe(200);
    await second.close();
  }, 120_000);
});

describe('server process', () => {
  it('refuses to start in production without a long JWT_SECRET, naming it', async () => {
    const child = spawned(
      spawn(process.execPath, [await builtServerEntry()], {
        cwd: projectRoot,
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATABASE_URL: 'memory://', JWT_SECRET: 'short' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    let out = '';
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise((r) => child.on('exit', r));
    expect(code).toBe(1);
    expect(out).toContain('JWT_SECRET');
  }, 60_000);

  it('serves, then shuts down cleanly on SIGTERM', async () => {
    const db = await createTestDatabase('postgres');
    await db.handle.close();
    cleanups.push(() => db.drop());
    const port = await freePort();
    const child = spawned(
      spawn(process.execPath, [await builtServerEntry()], {
        cwd: projectRoot,
        env: { PATH: process.env.PATH, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const deadline = Date.now() + 45_000;
    let healthy = false;
    while (!healthy && Date.now() < deadline) {
      healthy = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!healthy) await new Promise((r) => setTimeout(r, 200));
    }
    expect(healthy).toBe(true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 60_000);

  it("npm start's path: builds the bundle, serves on the embedded database, runs the spec worker from it", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hangar-built-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const admin = { ADMIN_USERNAME: 'built-admin', ADMIN_EMAIL: 'built@x.test', ADMIN_PASSWORD: 'Passw0rdBuilt' };
    const child = spawned(
      spawn(process.execPath, ['scripts/start.mjs'], {
        cwd: projectRoot,
        env: {
          PATH: process.env.PATH,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          ...admin,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const base = `http://127.0.0.1:${port}`;
    // A first start on an empty embedded database runs initdb and every migration: on a busy 2-core machine
    // that took over 90 s once, so the wait is generous; a quiet machine needs about 10 s.
    await waitUntil(async () => (await fetch(`${base}/health`)).ok, 240_000, 'the built server');
    const json = { 'content-type': 'application/json' };
    const login = await (
      await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: admin.ADMIN_USERNAME, password: admin.ADMIN_PASSWORD }),
      })
    ).json();
    const auth = { ...json, authorization: `Bearer ${login.token}` };
    const component = await (
      await fetch(`${base}/api/v1/catalog/components`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ name: 'built-svc', kind: 'service' }),
      })
    ).json();
    const specs = `${base}/api/v1/catalog/components/${component.id}/api-specs`;
    const good = await fetch(specs, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        name: 'api',
        version: '1.0.0',
        spec: 'openapi: 3.0.3\ninfo: {title: t, version: 1.0.0}\npaths: {}\n',
      }),
    });
    expect(good.status).toBe(201);
    const bad = await fetch(specs, {
      method: 'POST',
      headers: auth,
      // Registration is lenient (a missing info.version is a stored problem); a $ref that does not
      // resolve cannot be diffed, so the worker refuses it.
      body: JSON.stringify({
        name: 'api',
        version: '1.0.1',
        spec: "openapi: 3.0.3\ninfo: {title: t, version: 1.0.1}\npaths:\n  /a:\n    get:\n      responses:\n        '200': {$ref: '#/components/responses/Nope'}\n",
      }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('Nope');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 300_000);
});
