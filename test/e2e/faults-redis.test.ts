import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/kernel/types.js';
import { ADMIN, createTestDatabase, testConfig } from '../helpers/app.js';
import { waitUntil } from '../helpers/free-port.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { TEST_REDIS_URL } from '../helpers/test-env.js';

/**
 * Redis faults injected from the outside. Process A reaches Redis through a TCP proxy the test
 * controls; process B reaches it directly, sharing the database and the key prefix, as two
 * replicas of one deployment do. A partition of A must not turn committed writes into errors,
 * auth routes (rate limits live in Redis) answer 503, not 500, and once the partition heals B must
 * not serve what A deleted meanwhile (CACHE_TTL is long here, so only invalidation can clear it).
 */
const prefix = `hangar-faults-${randomBytes(4).toString('hex')}`;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: TcpProxy;
let a: App;
let b: App;
let urlA: string;
let urlB: string;
let token: string;
let refreshToken: string;

async function call(base: string, method: string, path: string, body?: unknown, auth = true) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function start(redisUrl: string) {
  const app = await buildApp(
    testConfig({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix, AUTH_RATE_LIMIT: 'on', CACHE_TTL: '600' }),
    {
      database: db.handle,
      logger: false,
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  const target = new URL(TEST_REDIS_URL);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
  ({ app: a, url: urlA } = await start(proxy.urlFor(TEST_REDIS_URL)));
  ({ app: b, url: urlB } = await start(TEST_REDIS_URL));
  const login = await call(
    urlA,
    'POST',
    '/api/v1/auth/login',
    { username: ADMIN.username, password: ADMIN.password },
    false,
  );
  expect(login.status).toBe(200);
  ({ token, refreshToken } = login.body);
}, 60_000);

afterAll(async () => {
  proxy?.resume();
  await a?.close();
  await b?.close();
  await proxy?.close();
  await db?.drop();
});

const redisBack = () =>
  waitUntil(
    async () => (await call(urlA, 'GET', '/health/ready', undefined, false)).status === 200,
    15_000,
    'Redis back',
  );

describe('Redis down', () => {
  it('login, register and refresh answer 503 in the envelope (not 500); readiness says so', async () => {
    proxy.refuse();
    const answers = await Promise.all([
      call(urlA, 'POST', '/api/v1/auth/login', { username: ADMIN.username, password: ADMIN.password }, false),
      call(
        urlA,
        'POST',
        '/api/v1/auth/register',
        { username: `r${Date.now()}`, email: `r${Date.now()}@hangar.test`, password: 'Passw0rdLong' },
        false,
      ),
      call(urlA, 'POST', '/api/v1/auth/refresh', { username: ADMIN.username, refreshToken }, false),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        statusCode: 503,
        error: 'Service Unavailable',
        message: expect.stringContaining('Redis'),
      });
    }
    const ready = await call(urlA, 'GET', '/health/ready', undefined, false);
    expect(ready.status).toBe(503);
    expect(ready.body.checks).toEqual({ database: 'up', redis: 'down' });
    proxy.resume();
    await redisBack();
    expect(
      (await call(urlA, 'POST', '/api/v1/auth/refresh', { username: ADMIN.username, refreshToken }, false)).status,
    ).toBe(200);
  });
});

describe('the job queue down', () => {
  it('a scaffold request that cannot be queued answers 503 and leaves no pending request behind', async () => {
    const templates = (await call(urlA, 'GET', '/api/v1/service-templates?take=100')).body.data as {
      id: string;
      name: string;
    }[];
    const go = templates.find((tpl) => tpl.name === 'go-service')!;
    proxy.refuse();
    const res = await call(urlA, 'POST', `/api/v1/service-templates/${go.id}/scaffold`, {
      targetRepository: 'https://git.example.com/org/never.git',
      variables: { SERVICE_NAME: 'never' },
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable' });
    proxy.resume();
    await redisBack();
    const listed = (await call(urlA, 'GET', '/api/v1/scaffold-requests?take=100')).body.data as {
      targetRepository: string;
    }[];
    expect(listed.filter((r) => r.targetRepository.endsWith('/never.git'))).toEqual([]);
  });
});

describe('a partition between one process and Redis', () => {
  it('writes that committed answer as committed; no stale reads anywhere once it heals', async () => {
    const created = await call(urlA, 'POST', '/api/v1/catalog/components', {
      name: `ghost-${Date.now()}`,
      kind: 'service',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    // B reads it through the shared cache (and so caches it).
    expect((await call(urlB, 'GET', `/api/v1/catalog/components/${id}`)).status).toBe(200);
    expect(
      (await call(urlB, 'GET', '/api/v1/catalog/components?take=100')).body.data.map((c: { id: string }) => c.id),
    ).toContain(id);

    proxy.refuse();
    // The delete commits; its cache invalidation cannot reach Redis: still a 204, never a 5xx.
    expect((await call(urlA, 'DELETE', `/api/v1/catalog/components/${id}`)).status).toBe(204);
    // A itself never serves what it knows may be stale.
    expect((await call(urlA, 'GET', `/api/v1/catalog/components/${id}`)).status).toBe(404);
    // Other writes during the partition answer as committed too (events wait for Redis).
    const other = await call(urlA, 'POST', '/api/v1/catalog/components', {
      name: `during-${Date.now()}`,
      kind: 'service',
    });
    expect(other.status).toBe(201);
    const incident = await call(urlA, 'POST', '/api/v1/incidents', { title: 'redis partition', severity: 'P3' });
    expect(incident.status).toBe(201);

    proxy.resume();
    // Healed: B stops serving the deleted component long before CACHE_TTL (600 s) would.
    await waitUntil(
      async () => (await call(urlB, 'GET', `/api/v1/catalog/components/${id}`)).status === 404,
      10_000,
      'B to drop the stale entry',
    );
    const list = (await call(urlB, 'GET', '/api/v1/catalog/components?take=100')).body.data.map(
      (c: { id: string }) => c.id,
    );
    expect(list).not.toContain(id);
    expect(list).toContain(other.body.id);
  });
});
