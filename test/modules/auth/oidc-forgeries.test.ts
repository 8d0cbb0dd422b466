import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { App } from '../../../src/kernel/types.js';
import { ADMIN, bearer, buildTestApp, createTestDatabase, testConfig } from '../../helpers/app.js';
import { captureLogs } from '../../helpers/log-capture.js';
import { followAuthorization, finishSignIn, startSignIn } from '../../helpers/sso.js';
import { startCraftedOidcServer, type CraftedOidcServer, type IdTokenKind } from '../../fakes/crafted-oidc-server.js';

/**
 * ID tokens a certified provider never sends, served by a provider of our own (test/fakes/crafted-oidc-server.ts):
 * each is refused as `token`, signs nobody in and sets no cookie; the details reach the log only.
 */
let idp: CraftedOidcServer;
let t: { app: App; adminToken(): Promise<string>; close(): Promise<void> };
let logs: ReturnType<typeof captureLogs>;
const email = `crafted-${Date.now().toString(36)}@example.com`;

async function signInWith(kind: IdTokenKind): Promise<LightMyRequestResponse> {
  idp.next = { kind, claims: { email, email_verified: true, name: 'Crafted Person' } };
  const start = await startSignIn(t.app, 'crafted', '/catalog');
  return finishSignIn(t.app, await followAuthorization(start.location), start.stateCookie);
}

beforeAll(async () => {
  idp = await startCraftedOidcServer();
  // The app's own logger (buildTestApp's is off): the refusals' details must reach it.
  const db = await createTestDatabase();
  const app = await buildApp(
    testConfig({ PUBLIC_URL: 'http://hangar.test', OIDC_PROVIDERS: JSON.stringify([idp.entry()]), LOG_LEVEL: 'info' }),
    {
      database: db.handle,
    },
  );
  logs = captureLogs(app.log);
  await app.ready();
  t = {
    app,
    adminToken: async () =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: ADMIN.username, password: ADMIN.password },
        })
      ).json().token,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
});
afterAll(async () => {
  logs?.restore();
  await t?.close();
  await idp?.close();
});

describe('ID token forgeries', () => {
  it.each<[IdTokenKind, RegExp]>([
    ['other-issuer', /iss/],
    ['other-audience', /aud/],
    ['expired', /exp|timestamp/i],
    ['alg-none', /none|alg|unsupported/i],
    ['hs256-with-public-key', /HS256|alg|unsupported/i],
    ['wrong-nonce', /nonce/],
    ['foreign-key', /signature/i],
    ['es384', /ES384/],
  ])('%s is refused as "token", without a cookie', async (kind, detail) => {
    const before = logs.text().length;
    const res = await signInWith(kind);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/sign-in?error=token');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toBe('');
    // Details in the log only.
    const logged = logs.text().slice(before);
    expect(logged).toContain('single sign-on refused');
    expect(logged).toMatch(detail);
  });

  it('a good token, and one expired less than 60 s ago (clock skew), sign in', async () => {
    for (const kind of ['good', 'skewed-within-60s'] as const) {
      const res = await signInWith(kind);
      expect(res.headers.location).toBe('/catalog');
      expect(String(res.headers['set-cookie'])).toContain('hangar_refresh=');
    }
    const admin = await t.adminToken();
    const users = (
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/users?take=100', headers: bearer(admin) })
    ).json().data;
    // The forgeries created nobody: one account for the crafted subject, made by the good sign-in.
    expect(users.filter((u: { email: string }) => u.email === email)).toHaveLength(1);
  });

  it('a rotated signing key (unknown kid): the JWKS is fetched again, at most once a minute', async () => {
    expect((await signInWith('good')).headers.location).toBe('/catalog');
    await idp.rotate();
    // Within a minute of the last fetch, an unknown kid is not fetched for (oauth4webapi's guard, decision 841)…
    expect((await signInWith('good')).headers.location).toBe('/sign-in?error=token');
    // …past it, the unknown kid refreshes the key set once and the sign-in goes through.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      expect((await signInWith('good')).headers.location).toBe('/catalog');
    } finally {
      vi.useRealTimers();
    }
  });

  it('a provider that cannot be reached: start redirects with "unavailable"', async () => {
    const down = await buildTestApp({
      PUBLIC_URL: 'http://hangar.test',
      OIDC_PROVIDERS: JSON.stringify([{ ...idp.entry(), issuer: 'http://127.0.0.1:9/' }]),
      OIDC_TIMEOUT_S: '2',
    });
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/crafted/start' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/sign-in?error=unavailable');
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      await down.close();
    }
  });

  it('a provider address refused by the outbound policy is never called', async () => {
    const closed = await buildTestApp({
      PUBLIC_URL: 'http://hangar.test',
      OIDC_PROVIDERS: JSON.stringify([idp.entry()]),
      OUTBOUND_ALLOW_PRIVATE: 'false',
    });
    try {
      const res = await closed.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/crafted/start' });
      expect(res.headers.location).toBe('/sign-in?error=unavailable');
    } finally {
      await closed.close();
    }
  });
});
