import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/kernel/paths.js';
import { containerImage } from '../helpers/container-image.js';
import { CONTAINER_LIMITS, PODMAN } from '../helpers/container-tools.js';
import { freePort, waitUntil } from '../helpers/free-port.js';
import { cloneTemplateDatabase } from '../helpers/template-database.js';
import { TEST_NAME_PREFIX, TEST_REDIS_URL } from '../helpers/test-env.js';

/**
 * The Containerfile's image, built by buildah from this repository (test/helpers/container-image.ts),
 * run by podman as its numeric user on a read-only root filesystem, next to the test PostgreSQL (a
 * database of its own) and Redis (a key prefix of its own). Decision 887.
 */

/** podman with this machine's flags; answers its output, or rejects with it. */
function podman(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('podman', [...PODMAN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(out.trim())
        : reject(new Error(`podman ${args[0]} exited with ${code}: ${err.slice(-2000)}`)),
    );
  });
}

const tag = randomBytes(4).toString('hex');
const name = `${TEST_NAME_PREFIX}-image-${tag}`;
const redisPrefix = `${TEST_NAME_PREFIX}-image-${tag}`;
const admin = { username: 'image-admin', email: 'image-admin@hangar.test', password: 'Passw0rdImage' };
const cleanups: (() => Promise<unknown>)[] = [];
let image = '';
let base = '';

const logs = () => podman('logs', '--tail', '40', name).catch((e: Error) => e.message);
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  image = await containerImage();
  const db = await cloneTemplateDatabase('image');
  cleanups.push(() => db.drop());
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: db.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: redisPrefix,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_USERNAME: admin.username,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
  // No user, no mounts: the image's own USER and its /data volume, with the root filesystem read-only.
  await podman(
    'run',
    '--detach',
    '--name',
    name,
    '--network',
    'host',
    '--read-only',
    ...CONTAINER_LIMITS,
    ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    image,
  );
  cleanups.push(() => podman('rm', '--force', '--volumes', name).catch(() => undefined));
  cleanups.push(async () => {
    const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true });
    await redis.connect();
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  await waitUntil(async () => (await fetch(`${base}/health`)).ok, 120_000, 'the container to answer /health').catch(
    async (err) => {
      throw new Error(`${err.message}\n${await logs()}`);
    },
  );
}, 30 * 60_000);

afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
}, 60_000);

describe('the container image', () => {
  it('carries the OCI labels, the health check, a numeric user, tini as PID 1 and /data as its volume', async () => {
    const [{ Config: config, Healthcheck: healthcheck }] = JSON.parse(await podman('image', 'inspect', image));
    const version = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')).version;
    expect(config.Labels).toMatchObject({
      'org.opencontainers.image.version': version,
      'org.opencontainers.image.source': 'https://hangar.invalid/test',
      'org.opencontainers.image.title': 'Hangar',
    });
    expect(config.Labels['org.opencontainers.image.revision']).toMatch(/^[0-9a-f]{40}$/);
    expect(config.User).toBe('10001:10001');
    expect(config.Entrypoint).toEqual(['/usr/bin/tini', '--']);
    expect(Object.keys(config.Volumes ?? {})).toEqual(['/data']);
    expect(healthcheck.Test.join(' ')).toContain('/health');
    expect(config.Env).toContain('NODE_ENV=production');
  });

  it('holds the built server and portal and the production dependencies of the server only', async () => {
    expect((await podman('exec', name, 'ls', '-A', '/app')).split('\n').sort()).toEqual([
      'dist',
      'node_modules',
      'package.json',
      'src',
      'templates',
      'web',
    ]);
    expect(await podman('exec', name, 'ls', '-A', '/app/web', '/app/src', '/app/src/db')).toMatch(
      /^\/app\/src:\ndb\n\n\/app\/src\/db:\nmigrations\n\n\/app\/web:\ndist$/,
    );
    const modules = (await podman('exec', name, 'ls', '/app/node_modules')).split('\n');
    expect(modules).toEqual(expect.arrayContaining(['fastify', 'pg', 'ioredis', 'socket.io']));
    // Build tools and the portal's libraries (already bundled into web/dist) stay in the build stage.
    for (const tool of ['vite', 'react', 'typescript', 'vitest', 'tsx', 'rolldown', 'eslint'])
      expect(modules).not.toContain(tool);
  });

  it('answers /health, /health/ready (PostgreSQL and Redis up), the API and the portal', async () => {
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${base}/health/ready`);
    const readiness = await ready.text();
    expect(ready.status, `${readiness} (request id ${ready.headers.get('x-request-id')})`).toBe(200);
    expect(JSON.parse(readiness)).toEqual({ status: 'ok', checks: { database: 'up', redis: 'up' } });

    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: admin.username, password: admin.password }),
    });
    expect(login.status).toBe(200);
    const auth = { ...json, authorization: `Bearer ${(await login.json()).token}` };
    const created = await fetch(`${base}/api/v1/catalog/components`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'image-svc', kind: 'service' }),
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    const read = await fetch(`${base}/api/v1/catalog/components/${id}`, { headers: auth });
    expect((await read.json()).name).toBe('image-svc');

    // A portal route, as a browser asks for it (the SPA's index.html answers HTML requests only).
    const page = await fetch(`${base}/catalog`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Hangar</title>');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${base}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
  });

  it('runs as uid 10001 without capabilities; only /data and /tmp are writable', async () => {
    const init = Number(await podman('inspect', '--format', '{{.State.Pid}}', name));
    const [server] = readFileSync(`/proc/${init}/task/${init}/children`, 'utf8').trim().split(/\s+/).map(Number);
    for (const pid of [init, server!]) {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      expect(status).toMatch(/^Uid:\s+10001\s+10001\s+10001\s+10001$/m);
      expect(status).toMatch(/^CapEff:\s+0+$/m);
    }
    expect(readFileSync(`/proc/${init}/comm`, 'utf8').trim()).toBe('tini');
    expect(readFileSync(`/proc/${server}/comm`, 'utf8').trim()).toBe('node');
    // As root inside (no permission bits in the way), only the read-only mount refuses the writes.
    await expect(podman('exec', '--user', '0', name, 'touch', '/app/package.json')).rejects.toThrow(
      /Read-only file system/,
    );
    await expect(podman('exec', '--user', '0', name, 'touch', '/probe')).rejects.toThrow(/Read-only file system/);
    await podman('exec', name, 'touch', '/data/probe', '/tmp/probe');
  });

  it('passes its own HEALTHCHECK', async () => {
    await podman('healthcheck', 'run', name);
  });

  it('on SIGTERM stops accepting, finishes the request in flight, drops its WebSocket clients and exits 0', async () => {
    const login = await fetch(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: admin.username, password: admin.password }),
    });
    const { token } = await login.json();
    const socket = io(`${base}/events`, { auth: { token }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    // A login whose body is only half sent: `Expect: 100-continue` tells when the server holds the request.
    const body = JSON.stringify({ username: admin.username, password: admin.password });
    const req = http.request(`${base}/api/v1/auth/login`, {
      method: 'POST',
      headers: { ...json, 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
    });
    await new Promise<void>((resolve) => req.once('continue', resolve));
    req.write(body.slice(0, 10));

    await podman('kill', '--signal', 'SIGTERM', name);
    await waitUntil(
      async () => (await podman('logs', name)).includes('shutting down'),
      20_000,
      'the server to start its shutdown',
    );
    // The listening socket is closed at once: new connections are refused while the request drains.
    await waitUntil(
      () =>
        fetch(`${base}/health`).then(
          () => false,
          () => true,
        ),
      10_000,
      'new connections to be refused',
    );
    req.end(body.slice(10));
    const { status, text } = await answered;
    expect(status, text).toBe(200);
    expect(JSON.parse(text).token).toEqual(expect.any(String));
    expect(['io server disconnect', 'transport close']).toContain(await dropped);
    socket.close();
    expect(await podman('wait', name), await logs()).toBe('0');
  }, 60_000);
});
