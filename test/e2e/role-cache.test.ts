import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/kernel/types.js';
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
  const app = await buildApp(testConfig({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix }), { database: db.handle, logger: false });
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
const get = (url: string, path: string, token: string) => fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
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
    const admin = (await (await post(a, '/api/v1/auth/login', { username: ADMIN.username, password: ADMIN.password })).json()).token as string;
    const username = `rc-${randomBytes(4).toString('hex')}`;
    const password = 'Passw0rd-rc1';
    const user = await (await post(a, '/api/v1/auth/register', { username, email: `${username}@example.test`, password })).json();
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
