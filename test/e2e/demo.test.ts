import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/kernel/paths.js';
import { builtServerEntry } from '../helpers/built-server.js';
import { migratedDataDir } from '../helpers/embedded-data-dir.js';
import { freePort, waitUntil } from '../helpers/free-port.js';

/**
 * `--demo` on the embedded database (decision 895): the server process loads the sample before it
 * listens; every area then has data through the API. A second start leaves it as it is; a database
 * holding other data and production are refused with a reason.
 */
const ADMIN = { ADMIN_USERNAME: 'demo-admin', ADMIN_EMAIL: 'demo-admin@x.test', ADMIN_PASSWORD: 'Passw0rdDemo' };
let dataDir = '';
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let serverEntry = '';
beforeAll(async () => {
  serverEntry = await builtServerEntry(); // decision 1154
  dataDir = await migratedDataDir('hangar-demo-'); // decision 1155: empty and migrated
}, 180_000);

function start(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [serverEntry, ...args], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...ADMIN, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, exited, output: () => output };
}

async function startServing(args: string[]) {
  const port = await freePort();
  const server = start(args, { PORT: String(port) });
  const base = `http://127.0.0.1:${port}`;
  await waitUntil(async () => (await fetch(`${base}/health`)).ok, 400_000, 'the demo server').catch((err: Error) => {
    throw new Error(`${err.message}\n${server.output()}`);
  });
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const get = async (path: string) => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status, path).toBe(200);
    return res.json() as Promise<any>;
  };
  return { ...server, get };
}

async function stop(server: { child: ChildProcess; exited: Promise<number | null> }) {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

describe('npm start -- --demo', () => {
  it('loads every area on an empty embedded database, through the API', async () => {
    const server = await startServing(['--demo']);
    const { get } = server;
    expect(server.output()).toContain('demo: sample loaded');

    const components = await get('/api/v1/catalog/components?take=100');
    const names = components.data.map((c: { name: string }) => c.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'artist-web',
        'petstore-service',
        'petstore',
        'artist-engagement-portal',
        'artists-db',
        'artists',
      ]),
    );
    expect((await get('/api/v1/teams')).data.map((t: { name: string }) => t.name)).toEqual(
      expect.arrayContaining(['team-a', 'team-c']),
    );
    expect((await get('/api/v1/catalog/people')).total).toBe(4);

    const api = components.data.find((c: { name: string; kind: string }) => c.name === 'petstore' && c.kind === 'api');
    const specs = await get(`/api/v1/catalog/components/${api.id}/api-specs`);
    const byVersion = new Map(specs.map((s: { version: string; id: string }) => [s.version, s.id]));
    expect([...byVersion.keys()].sort()).toEqual(['1.0.0', '2.0.0']);
    const diff = await get(`/api/v1/api-specs/${byVersion.get('2.0.0')}/diff?compareWith=${byVersion.get('1.0.0')}`);
    expect(diff.breakingChanges).toBeGreaterThan(0);

    expect((await get('/api/v1/environments')).total).toBe(1);
    expect((await get('/api/v1/deployments?take=1')).total).toBeGreaterThanOrEqual(40);
    const dora = await get('/api/v1/dora/metrics');
    expect(dora.deploymentFrequency.deployments).toBeGreaterThanOrEqual(40);
    expect(dora.changeFailureRate.failedDeployments).toBe(3);
    expect(dora.failedDeploymentRecoveryTime.recovered).toBe(3);

    const incidents = await get('/api/v1/incidents');
    expect(incidents.total).toBe(1);
    expect(incidents.data[0].status).toBe('resolved');
    const timeline = await get(`/api/v1/incidents/${incidents.data[0].id}/timeline`);
    expect((timeline.data ?? timeline).length).toBeGreaterThanOrEqual(5);

    const scorecards = await get('/api/v1/scorecards');
    const results = await get(`/api/v1/scorecards/${scorecards.data[0].id}/results`);
    expect(results.total).toBeGreaterThan(0);

    const pipelines = await get('/api/v1/pipelines');
    expect(pipelines.total).toBe(1);
    const runs = await get(`/api/v1/pipelines/${pipelines.data[0].id}/runs`);
    expect((runs.data ?? runs).map((r: { status: string }) => r.status)).toEqual(['succeeded']);

    const dashboards = await get('/api/v1/dashboards');
    expect(dashboards.total).toBe(1);
    expect((await get(`/api/v1/dashboards/${dashboards.data[0].id}`)).widgets).toHaveLength(3);
    await stop(server);

    // The same database again: left as it is.
    const again = await startServing(['--demo']);
    expect(again.output()).toContain('the sample is already loaded');
    expect((await again.get('/api/v1/incidents')).total).toBe(1);
    await stop(again);
  }, 900_000);

  it('refuses a database holding other data, and production, with the reason', async () => {
    const other = await migratedDataDir('hangar-demo-other-');
    try {
      const port = await freePort();
      const plain = start([], { DATA_DIR: other, PORT: String(port) });
      const base = `http://127.0.0.1:${port}`;
      await waitUntil(async () => (await fetch(`${base}/health`)).ok, 400_000, 'the plain server');
      const login = await fetch(`${base}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
      });
      const { token } = (await login.json()) as { token: string };
      const created = await fetch(`${base}/api/v1/environments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: 'staging' }),
      });
      expect(created.status).toBe(201);
      await stop(plain);

      const refused = start(['--demo'], { DATA_DIR: other, PORT: String(await freePort()) });
      expect(await refused.exited).toBe(1);
      expect(refused.output()).toContain('the database already holds data (1 environments)');
    } finally {
      rmSync(other, { recursive: true, force: true });
    }

    const production = start([], {
      NODE_ENV: 'production',
      HANGAR_DEMO: 'true',
      JWT_SECRET: 'x'.repeat(40),
      DATABASE_URL: 'memory://',
    });
    expect(await production.exited).toBe(1);
    expect(production.output()).toContain('never loaded with NODE_ENV=production');
  }, 900_000);
});
