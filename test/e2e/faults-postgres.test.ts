import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openDatabase } from '../../src/db/client.js';
import { withJobDeadline } from '../../src/db/deadline.js';
import type { App } from '../../src/kernel/types.js';
import { ADMIN, createTestDatabase, testConfig } from '../helpers/app.js';
import { waitUntil } from '../helpers/free-port.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

/**
 * PostgreSQL faults injected from the outside: a TCP proxy between the app and the database resets
 * connections (failover, restart), black-holes them (partition) or refuses them (database down).
 * The process must survive, answer 503 in the envelope, keep parameters out of its logs, and
 * recover by itself once the network heals.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: TcpProxy;
let app: App;
let url: string;
let token: string;
const logs: string[] = [];

const STATEMENT_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 1_000;

async function call(method: string, path: string, body?: unknown, auth = true) {
  const started = Date.now();
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, ms: Date.now() - started };
}

const expectUnavailable = (res: { status: number; body: any }) => {
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({
    statusCode: 503,
    error: 'Service Unavailable',
    message: expect.stringContaining('database'),
  });
  expect(typeof res.body.timestamp).toBe('string');
};

async function healed() {
  proxy.resume();
  await waitUntil(async () => (await call('GET', '/api/v1/environments')).status === 200, 15_000);
}

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  const target = new URL(db.url);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  app = await buildApp(
    testConfig({
      DATABASE_URL: proxy.urlFor(db.url),
      DATABASE_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS),
      DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      DATABASE_POOL_SIZE: '4',
    }),
    { logger: { level: 'warn', stream } },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  token = (await call('POST', '/api/v1/auth/login', { username: ADMIN.username, password: ADMIN.password }, false)).body
    .token;
  expect(token).toBeTruthy();
}, 60_000);

afterAll(async () => {
  proxy?.resume();
  await app?.close();
  await proxy?.close();
  await db?.drop();
});

describe('a connection dying under a transaction', () => {
  it('fails the transaction without crashing the process; the pool recovers', async () => {
    // Straight on the app's pool: the connection dies between two statements of one transaction.
    const tx = app.hangar.db.transaction(async (t) => {
      await t.execute(sql`SELECT 1`);
      proxy.reset();
      await t.execute(sql`SELECT pg_sleep(0.2)`);
    });
    await expect(tx).rejects.toThrow();
    // Vitest fails the run on an uncaught 'error' event; the process is still here and serving.
    await healed();
  });

  it('a request whose transaction loses its connection answers 503, the next one succeeds', async () => {
    proxy.blackhole();
    const pending = call('POST', '/api/v1/organizations', { name: 'Faulty', slug: `faulty-${Date.now()}` });
    await new Promise((r) => setTimeout(r, 300));
    proxy.reset();
    expectUnavailable(await pending);
    await healed();
    const ok = await call('POST', '/api/v1/organizations', { name: 'Fine', slug: `fine-${Date.now()}` });
    expect(ok.status).toBe(201);
  });
});

describe('a transaction whose BEGIN is lost', () => {
  it('gives its pooled connection back: the next query gets one, and the pool closes at once', async () => {
    // One connection, a short request deadline: the BEGIN stalls in the black hole and times out.
    const handle = await openDatabase({
      databaseUrl: proxy.urlFor(db.url),
      dataDir: '',
      poolSize: 1,
      requestTimeoutMs: 500,
    });
    try {
      await handle.db.execute(sql`SELECT 1`);
      proxy.blackhole();
      await expect(handle.db.transaction(async (t) => t.execute(sql`SELECT 1`))).rejects.toThrow();
      proxy.resume();
      // drizzle-orm sends BEGIN outside its try/finally: without decision 1161 the only connection stayed checked out.
      await expect(handle.db.execute(sql`SELECT 2`)).resolves.toBeDefined();
    } finally {
      proxy.resume();
      const started = Date.now();
      await handle.close();
      expect(Date.now() - started).toBeLessThan(2_000);
    }
  });
});

describe('a black-holed database', () => {
  it('answers 503 within the statement and connect timeouts instead of hanging, then recovers', async () => {
    proxy.blackhole();
    const [list, create] = await Promise.all([
      call('GET', '/api/v1/environments'),
      call('POST', '/api/v1/environments', { name: `stalled-${Date.now()}` }),
    ]);
    expectUnavailable(list);
    expectUnavailable(create);
    // Statement timeout + the client's margin + the connect timeout, with room for a slow machine.
    expect(Math.max(list.ms, create.ms)).toBeLessThan(STATEMENT_TIMEOUT_MS + 2_000 + CONNECT_TIMEOUT_MS + 3_000);
    const ready = await call('GET', '/health/ready', undefined, false);
    expect(ready.status).toBe(503);
    expect(ready.body.checks.database).toBe('down');
    await healed();
    expect((await call('GET', '/health/ready', undefined, false)).status).toBe(200);
  });
});

describe('the default request deadline (DATABASE_REQUEST_TIMEOUT_MS = 10 s)', () => {
  it('a request answers 503 within 10 s while the database is black-holed, then 200 once it heals', async () => {
    await healed();
    // An app with every database timeout at its default.
    const fresh = await buildApp(testConfig({ DATABASE_URL: proxy.urlFor(db.url) }), { logger: false });
    try {
      await fresh.listen({ port: 0, host: '127.0.0.1' });
      const at = `http://127.0.0.1:${(fresh.server.address() as AddressInfo).port}`;
      const get = async () => {
        const started = Date.now();
        const res = await fetch(`${at}/api/v1/environments`, { headers: { authorization: `Bearer ${token}` } });
        return { status: res.status, body: await res.json(), ms: Date.now() - started };
      };
      expect((await get()).status).toBe(200);
      proxy.blackhole();
      const stalled = await get();
      expectUnavailable(stalled);
      // The deadline is 10 s; the margin is for a loaded machine, well below the 20 s of the report.
      expect(stalled.ms).toBeLessThan(12_500);
      proxy.resume();
      await waitUntil(async () => (await get()).status === 200, 15_000);
    } finally {
      proxy.resume();
      await fresh.close();
    }
  }, 40_000);

  it('a job may wait longer than a request: its round trips run under their own deadline', async () => {
    const handle = await openDatabase({
      databaseUrl: db.url,
      dataDir: '',
      poolSize: 2,
      requestTimeoutMs: 300,
      statementTimeoutMs: 5_000,
    });
    try {
      const slow = () => handle.db.execute(sql`SELECT pg_sleep(0.8)`);
      // Drizzle wraps the driver's error; its cause is the client-side read timeout.
      const reason = (err: any) => String(err?.cause?.message ?? err?.message);
      expect(reason(await slow().catch((e) => e))).toBe('Query read timeout');
      await expect(withJobDeadline(slow)).resolves.toBeDefined();
      expect(reason(await withJobDeadline(slow, 300).catch((e) => e))).toBe('Query read timeout');
    } finally {
      await handle.close();
    }
  });
});

describe('PostgreSQL down', () => {
  it('answers 503 in the envelope on reads, writes, login and register, and logs no query parameters', async () => {
    proxy.refuse();
    const email = `leak-check-${Date.now()}@hangar.test`;
    const answers = await Promise.all([
      call('GET', '/api/v1/environments'),
      call('POST', '/api/v1/teams', { name: `down-${Date.now()}` }),
      call('POST', '/api/v1/auth/login', { username: ADMIN.username, password: ADMIN.password }, false),
      call(
        'POST',
        '/api/v1/auth/register',
        { username: `leaky${Date.now()}`, email, password: 'Secr3tPassword' },
        false,
      ),
    ]);
    for (const res of answers) expectUnavailable(res);
    const ready = await call('GET', '/health/ready', undefined, false);
    expect(ready.status).toBe(503);
    await healed();
    const text = logs.join('');
    expect(text).toContain('dependency unavailable');
    expect(text).not.toContain(email);
    expect(text).not.toContain('$argon2');
    expect(text).not.toMatch(/params:/);
  });
});
