import { afterAll, beforeAll, expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';
import { startOidcProvider, type OidcTestProvider } from '../../helpers/oidc-provider.js';
import { cookieValue, finishSignIn, startSignIn } from '../../helpers/sso.js';

/**
 * Single sign-on against a real OpenID Provider (panva's oidc-provider 9): the whole code flow with
 * PKCE through Hangar's relying party (openid-client 6), the resolver, groups, unlinking, and every
 * refusal that can be produced with a certified provider (the token forgeries: oidc-forgeries.test.ts).
 */
export const PUBLIC_URL = 'http://hangar.test';
export let idp: OidcTestProvider;
export let t: TestApp;
export let admin: string;
export const teamIds: Record<string, string> = {};
export const suffix = Date.now().toString(36);

export function expectRefused(res: LightMyRequestResponse, reason: string) {
  expect(res.statusCode).toBe(302);
  expect(res.headers.location).toBe(`/sign-in?error=${reason}`);
  // No session cookie, and no cookie at all: a refusal changes nothing in the browser.
  expect(res.headers['set-cookie']).toBeUndefined();
}

export async function signIn(login: string, password = 'pw', returnTo?: string, provider = 'corp') {
  const start = await startSignIn(t.app, provider, returnTo);
  const callback = await idp.signIn(start.location, login, password);
  return { start, callback, res: await finishSignIn(t.app, callback, start.stateCookie) };
}

/** The access token of a session the callback started, through the refresh cookie as the portal does. */
export async function sessionToken(res: LightMyRequestResponse): Promise<string> {
  const refresh = cookieValue(res, 'hangar_refresh');
  expect(refresh).toBeTruthy();
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { cookie: `hangar_refresh=${refresh}` },
    payload: { session: 'cookie' },
  });
  expect(r.statusCode).toBe(200);
  return r.json().token;
}

export const teamsOf = async (userId: string) => {
  const out: string[] = [];
  for (const [name, id] of Object.entries(teamIds)) {
    const members = (
      await t.app.inject({ method: 'GET', url: `/api/v1/teams/${id}/members`, headers: bearer(admin) })
    ).json() as { id: string }[];
    if (members.some((m) => m.id === userId)) out.push(name);
  }
  return out.sort();
};

/** The app and records of oidc-sign-in.test.ts (decision 1126): call at the top of the file. */
export function useOidcSignInApp(): void {
  beforeAll(async () => {
    idp = await startOidcProvider({
      redirectUris: [`${PUBLIC_URL}/api/v1/auth/oidc/corp/callback`, `${PUBLIC_URL}/api/v1/auth/oidc/strict/callback`],
      users: [
        {
          sub: 'alice-sub',
          password: 'pw',
          email: `alice-${suffix}@example.com`,
          email_verified: true,
          name: 'Alice Liddell',
          preferred_username: `alice-${suffix}`,
          groups: ['Platform', 'no-such-team'],
        },
        { sub: 'bob-sub', password: 'pw', email: `bob-${suffix}@example.com`, email_verified: true, name: 'Bob' },
        {
          sub: 'mallory-sub',
          password: 'pw',
          email: `victim-${suffix}@example.com`,
          email_verified: false,
          name: 'Mallory',
        },
        { sub: 'eve-sub', password: 'pw', email: `eve-${suffix}@elsewhere.test`, email_verified: true, name: 'Eve' },
      ],
    });
    t = await buildTestApp({
      PUBLIC_URL,
      OIDC_PROVIDERS: JSON.stringify([
        idp.entry(),
        idp.entry({ id: 'strict', name: 'Strict SSO', allowedEmailDomains: ['example.com'], groupsClaim: undefined }),
      ]),
    });
    admin = await t.adminToken();
    for (const name of [`platform-${suffix}`, `payments-${suffix}`, `infra-${suffix}`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/teams',
        headers: bearer(admin),
        payload: { name },
      });
      teamIds[name.split('-')[0]!] = res.json().id;
    }
    idp.users.get('alice-sub')!.groups = [`Platform-${suffix}`.toUpperCase(), 'no-such-team'];
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });
}
