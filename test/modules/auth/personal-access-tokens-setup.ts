import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { App } from '../../../src/kernel/types.js';
import { ADMIN, bearer, createTestDatabase, testConfig, uniq } from '../../helpers/app.js';
import { captureLogs } from '../../helpers/log-capture.js';

/** Personal access tokens and service accounts (decisions 835-837), from the outside. */
export let app: App;
export let db: Awaited<ReturnType<typeof createTestDatabase>>;
export let logs: ReturnType<typeof captureLogs>;
export let admin: string;
/** The token secrets this test file was given (per file: the module is shared between the files of a worker). */
export let secrets: string[];

export const post = (url: string, token: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
export const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
export const del = (url: string, token: string) => app.inject({ method: 'DELETE', url, headers: bearer(token) });

export async function newUser() {
  const username = uniq('pat').slice(0, 50);
  const password = 'Passw0rd-pat1';
  const reg = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: { username, email: `${username}@example.test`, password },
  });
  expect(reg.statusCode).toBe(201);
  const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
  return { id: reg.json().id as string, username, password, jwt: login.json().token as string };
}

export async function newToken(jwt: string, scope: 'read' | 'write', expiresInDays = 30) {
  const res = await post('/api/v1/auth/tokens', jwt, { name: `script ${scope}`, expiresInDays, scope });
  expect(res.statusCode).toBe(201);
  secrets.push(res.json().token);
  return res.json() as { id: string; token: string; name: string; scope: string; expiresAt: string; createdAt: string };
}

/** The setup shared by the files split from personal-access-tokens.test.ts (decision 1126): call at the top of each. */
export function useTokensApp(): void {
  secrets = [];
  beforeAll(async () => {
    db = await createTestDatabase();
    app = await buildApp(testConfig({ LOG_LEVEL: 'trace' }), { database: db.handle });
    logs = captureLogs(app.log);
    await app.ready();
    admin = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: ADMIN.username, password: ADMIN.password },
      })
    ).json().token;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    logs.restore();
    await app?.close();
    await db?.drop();
  });
}
