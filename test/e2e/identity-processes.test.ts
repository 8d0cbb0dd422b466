import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/kernel/types.js';
import { ADMIN, createTestDatabase, testConfig } from '../helpers/app.js';
import { startOidcProvider, type OidcTestProvider } from '../helpers/oidc-provider.js';
import { TEST_REDIS_URL } from '../helpers/test-env.js';

/**
 * Two processes on one PostgreSQL and one Redis: a token revoked or an account deactivated through
 * one is refused by the other on its very next request (decision 836), and a single sign-on started
 * on one process completes on the other (its state is in the database).
 */
const prefix = `hangar-identity-${randomBytes(4).toString('hex')}`;
const PUBLIC_URL = 'http://hangar.test';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let idp: OidcTestProvider;
const apps: App[] = [];
const urls: string[] = [];

const call = (url: string, method: string, path: string, token?: string, body?: unknown) =>
  fetch(url + path, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    redirect: 'manual',
  });

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  idp = await startOidcProvider({
    redirectUris: [`${PUBLIC_URL}/api/v1/auth/oidc/corp/callback`],
    users: [
      { sub: 'proc-sub', password: 'pw', email: `proc-${prefix}@example.com`, email_verified: true, name: 'Proc' },
    ],
  });
  for (let i = 0; i < 2; i++) {
    const app = await buildApp(
      testConfig({
        REDIS_URL: TEST_REDIS_URL,
        REDIS_KEY_PREFIX: prefix,
        PUBLIC_URL,
        OIDC_PROVIDERS: JSON.stringify([idp.entry()]),
      }),
      {
        database: db.handle,
        logger: false,
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    apps.push(app);
    urls.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await idp?.close();
  await db?.drop();
});

describe('personal access tokens across processes', () => {
  it('a token revoked through A is refused by B on the next request (well within a second)', async () => {
    const [a, b] = urls as [string, string];
    const admin = (
      await (
        await call(a, 'POST', '/api/v1/auth/login', undefined, { username: ADMIN.username, password: ADMIN.password })
      ).json()
    ).token;
    for (let round = 0; round < 5; round++) {
      const created = await (
        await call(a, 'POST', '/api/v1/auth/tokens', admin, { name: `round ${round}`, expiresInDays: 1, scope: 'read' })
      ).json();
      // B remembers the token after its first use.
      for (let i = 0; i < 3; i++) expect((await call(b, 'GET', '/api/v1/auth/me', created.token)).status).toBe(200);
      expect((await call(a, 'DELETE', `/api/v1/auth/tokens/${created.id}`, admin)).status).toBe(204);
      const started = Date.now();
      expect((await call(b, 'GET', '/api/v1/auth/me', created.token)).status).toBe(401);
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });

  it('an account deactivated through A: its token is refused by B at once', async () => {
    const [a, b] = urls as [string, string];
    const admin = (
      await (
        await call(a, 'POST', '/api/v1/auth/login', undefined, { username: ADMIN.username, password: ADMIN.password })
      ).json()
    ).token;
    const account = await (
      await call(a, 'POST', '/api/v1/auth/service-accounts', admin, { name: `svc-${prefix}`.slice(0, 50) })
    ).json();
    const token = (
      await (
        await call(a, 'POST', `/api/v1/auth/service-accounts/${account.id}/tokens`, admin, {
          name: 'ci',
          expiresInDays: 7,
          scope: 'write',
        })
      ).json()
    ).token;
    expect((await call(b, 'GET', '/api/v1/auth/me', token)).status).toBe(200);
    expect((await call(a, 'PATCH', `/api/v1/auth/users/${account.id}`, admin, { active: false })).status).toBe(200);
    expect((await call(b, 'GET', '/api/v1/auth/me', token)).status).toBe(401);
  });

  it('a single sign-on started on A completes on B', async () => {
    const [a, b] = urls as [string, string];
    const start = await call(a, 'GET', '/api/v1/auth/oidc/corp/start?returnTo=%2Fteams');
    expect(start.status).toBe(302);
    const stateCookie = start.headers
      .getSetCookie()
      .find((c) => c.startsWith('hangar_oidc_state='))!
      .split(';')[0]!;
    const back = await idp.signIn(start.headers.get('location')!, 'proc-sub', 'pw');
    const done = await fetch(b + back.pathname + back.search, { headers: { cookie: stateCookie }, redirect: 'manual' });
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/teams');
    expect(done.headers.getSetCookie().some((c) => c.startsWith('hangar_refresh='))).toBe(true);
  });
});
