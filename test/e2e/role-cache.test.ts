import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/kernel/types.js';
import { ActorCache } from '../../src/modules/auth/index.js';
import { ADMIN, createTestDatabase, testConfig } from '../helpers/app.js';
import { TEST_REDIS_URL } from '../helpers/test-env.js';

/**
 * Roles are cached in each process (no database round trip per request), yet a promotion or demotion
 * made through one process applies to the caller's very next request on any other process.
 */
const prefix = `hangar-roles-${randomBytes(4).toString('hex')}`;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
const apps: App[] = [];
const urls: string[] = [];

async function start() {
  const app = await buildApp(testConfig({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix }), {
    database: db.handle,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
}

const post = (url: string, path: string, body: unknown, token?: string) =>
  fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const get = (url: string, path: string, token: string) =>
  fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
const setRoles = (url: string, token: string, id: string, roles: string[]) =>
  fetch(`${url}/api/v1/auth/users/${id}/roles`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ roles }),
  });

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  await start();
  await start();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await db?.drop();
});

describe('role cache across processes', () => {
  it('a promotion and a demotion through process A apply to the next request on process B', async () => {
    const [a, b] = urls as [string, string];
    const admin = (
      await (await post(a, '/api/v1/auth/login', { username: ADMIN.username, password: ADMIN.password })).json()
    ).token as string;
    const username = `rc-${randomBytes(4).toString('hex')}`;
    const password = 'Passw0rd-rc1';
    const user = await (
      await post(a, '/api/v1/auth/register', { username, email: `${username}@example.test`, password })
    ).json();
    const token = (await (await post(b, '/api/v1/auth/login', { username, password })).json()).token as string;

    // Warm B's cache with the plain-user roles, several times.
    for (let i = 0; i < 3; i++) expect((await get(b, '/api/v1/auth/users', token)).status).toBe(403);
    expect((await setRoles(a, admin, user.id, ['admin'])).status).toBe(200);
    expect((await get(b, '/api/v1/auth/users', token)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await get(b, '/api/v1/auth/users', token)).status).toBe(200);
    expect((await setRoles(a, admin, user.id, [])).status).toBe(200);
    expect((await get(b, '/api/v1/auth/users', token)).status).toBe(403);
  });
});

describe('role cache invalidation handshake (decision 526)', () => {
  const log = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
  const identity = { id: 'u1', username: 'u1', roles: ['admin'] };
  async function live(cache: ActorCache) {
    cache.start();
    // Caching starts once the subscription is confirmed.
    await vi.waitFor(() => {
      cache.set(identity, cache.mark());
      expect(cache.get(identity.id)).toBeDefined();
    });
  }

  it('every other process has dropped the entry when invalidate returns, every time', async () => {
    const keyPrefix = `${prefix}-handshake`;
    const publisher = new Redis(TEST_REDIS_URL);
    const a = new ActorCache({ redisUrl: TEST_REDIS_URL, keyPrefix, publisher, log });
    const b = new ActorCache({ redisUrl: TEST_REDIS_URL, keyPrefix, publisher: new Redis(TEST_REDIS_URL), log });
    try {
      await live(a);
      await live(b);
      for (let i = 0; i < 200; i++) {
        b.set(identity, b.mark());
        expect(b.get(identity.id)).toBeDefined();
        await a.invalidate(identity.id);
        expect(b.get(identity.id)).toBeUndefined();
      }
    } finally {
      await a.close();
      await b.close();
      publisher.disconnect();
    }
  });

  it('a subscriber that never confirms delays a role change by the timeout only', async () => {
    const keyPrefix = `${prefix}-silent`;
    const publisher = new Redis(TEST_REDIS_URL);
    const silent = new Redis(TEST_REDIS_URL);
    const warned: unknown[] = [];
    const a = new ActorCache({
      redisUrl: TEST_REDIS_URL,
      keyPrefix,
      publisher,
      ackTimeoutMs: 300,
      log: { ...log, warn: (obj: unknown) => warned.push(obj) } as unknown as FastifyBaseLogger,
    });
    try {
      await silent.subscribe(`${keyPrefix}:auth:roles-changed`);
      await live(a);
      const started = Date.now();
      await a.invalidate(identity.id);
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(warned).toEqual([expect.objectContaining({ userId: identity.id, expected: 2, confirmed: 1 })]);
    } finally {
      await a.close();
      silent.disconnect();
      publisher.disconnect();
    }
  });
});
