import { describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError } from '../../helpers/app.js';
import { finishSignIn, startSignIn } from '../../helpers/sso.js';
import {
  PUBLIC_URL,
  idp,
  t,
  admin,
  teamIds,
  suffix,
  expectRefused,
  signIn,
  sessionToken,
  teamsOf,
  useOidcSignInApp,
} from './oidc-sign-in-setup.js';

useOidcSignInApp();

describe('single sign-on with a real OpenID provider', () => {
  it('lists the providers and whether the password form is offered', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(res.json()).toEqual({
      passwordLogin: true,
      providers: [
        { id: 'corp', name: 'Corp SSO', type: 'oidc' },
        { id: 'strict', name: 'Strict SSO', type: 'oidc' },
      ],
    });
    expect(res.body).not.toContain(idp.clientSecret);
  });

  it('start redirects with state, nonce and a PKCE S256 challenge, binding the browser with a Lax cookie of 10 minutes', async () => {
    const { res, location } = await startSignIn(t.app, 'corp', '/catalog');
    const url = new URL(location);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get('client_id')).toBe(idp.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/v1/auth/oidc/corp/callback`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^hangar_oidc_state=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/Path=\/api\/v1\/auth\/oidc/);
    expect(cookie).not.toContain(url.searchParams.get('nonce')!);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/nope/start' }), 404);
  });

  it('signs a new person in: user from the claims, identity linked, teams from the groups claim, back on returnTo', async () => {
    const { res } = await signIn('alice-sub', 'pw', '/catalog?kind=service');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/catalog?kind=service');
    expect(String(res.headers['set-cookie'])).toMatch(/hangar_refresh=[^;]+;.*HttpOnly/);
    const token = await sessionToken(res);
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })).json();
    expect(me.user).toMatchObject({
      username: `alice-${suffix}`,
      displayName: 'Alice Liddell',
      email: `alice-${suffix}@example.com`,
      type: 'user',
    });
    expect(me.identities).toEqual([
      { provider: 'corp', subject: 'alice-sub', email: `alice-${suffix}@example.com`, linkedAt: expect.any(String) },
    ]);
    expect(await teamsOf(me.user.id)).toEqual(['platform']);
  });

  it('a later sign-in follows the groups claim, removing only what sign-ins added', async () => {
    const first = await signIn('alice-sub');
    const userId = (
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(await sessionToken(first.res)) })
    ).json().user.id;
    // Added by hand: never removed by a sign-in.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/teams/${teamIds.infra}/members/${userId}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBe(201);
    idp.users.get('alice-sub')!.groups = [`payments-${suffix}`];
    const again = await signIn('alice-sub');
    expect(again.res.statusCode).toBe(302);
    expect(await teamsOf(userId)).toEqual(['infra', 'payments']);
    idp.users.get('alice-sub')!.groups = [];
    await signIn('alice-sub');
    expect(await teamsOf(userId)).toEqual(['infra']);
  });

  it('links a verified email to the existing account; an unverified one is refused (no takeover)', async () => {
    const bob = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: `bob-${suffix}`, email: `bob-${suffix}@example.com`, password: 'Passw0rd-bob' },
    });
    const victim = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: `victim-${suffix}`, email: `victim-${suffix}@example.com`, password: 'Passw0rd-vic' },
    });
    const { res } = await signIn('bob-sub');
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(await sessionToken(res)) })
    ).json();
    expect(me.user.id).toBe(bob.json().id);
    expect(me.identities).toHaveLength(1);

    expectRefused((await signIn('mallory-sub')).res, 'token');
    const victimLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: `victim-${suffix}`, password: 'Passw0rd-vic' },
    });
    const victimMe = (
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(victimLogin.json().token) })
    ).json();
    expect(victimMe.user.id).toBe(victim.json().id);
    expect(victimMe.identities).toEqual([]);
  });

  it('refuses an email outside allowedEmailDomains', async () => {
    expectRefused((await signIn('eve-sub', 'pw', '/', 'strict')).res, 'domain');
    const ok = await signIn('bob-sub', 'pw', '/', 'strict');
    expect(ok.res.headers.location).toBe('/');
  });

  it('records each sign-in via oidc in its transaction, and each refusal by itself (decision 999)', async () => {
    expectRefused((await signIn('eve-sub', 'pw', '/', 'strict')).res, 'domain');
    const ok = await signIn('bob-sub', 'pw', '/', 'strict');
    expect(ok.res.statusCode).toBe(302);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit?action=auth.sign-in&limit=10',
      headers: bearer(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [success, refusal] = (res.json() as { data: Record<string, any>[] }).data;
    expect(success).toMatchObject({
      action: 'auth.sign-in',
      outcome: 'success',
      statusCode: 302,
      actor: { via: 'oidc', username: expect.stringMatching(/^bob/) },
      resource: { type: 'user' },
    });
    expect(success!.requestId).toBeTruthy();
    expect(refusal).toMatchObject({
      outcome: 'denied',
      actor: { via: 'oidc', userId: null },
      resource: { type: 'identity-provider', id: 'strict', ref: 'refused: domain' },
    });
    // Nothing of the flow's secrets (code, state) is kept.
    expect(JSON.stringify([success, refusal])).not.toMatch(/code=|state=/);
  });

  it('refuses a forged, unbound, mismatched or replayed state, and a replayed code', async () => {
    const { callback, start, res } = await signIn('bob-sub');
    expect(res.statusCode).toBe(302);
    // Replayed: the same callback again, cookie and all.
    expectRefused(await finishSignIn(t.app, callback, start.stateCookie), 'state');
    // Forged: a state nobody started, with a matching cookie.
    const forged = new URL(callback);
    forged.searchParams.set('state', 'A'.repeat(43));
    expectRefused(await finishSignIn(t.app, forged, 'A'.repeat(43)), 'state');
    // A valid sign-in's callback without the browser's cookie (login CSRF), or with another browser's.
    const fresh = await startSignIn(t.app, 'corp');
    const back = await idp.signIn(fresh.location, 'bob-sub', 'pw');
    expectRefused(await finishSignIn(t.app, back), 'state');
    const other = await startSignIn(t.app, 'corp');
    expectRefused(await finishSignIn(t.app, back, other.stateCookie), 'state');
    // A replayed code with a fresh, valid state: the provider refuses the exchange.
    const third = await startSignIn(t.app, 'corp');
    const replay = new URL(callback);
    replay.searchParams.set('state', new URL(third.location).searchParams.get('state')!);
    expectRefused(await finishSignIn(t.app, replay, third.stateCookie), 'exchange');
    // No state at all.
    expectRefused(await t.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/corp/callback?code=x' }), 'state');
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/corp/callback?state=a&state=b' }),
      'state',
    );
  });

  it('a denial at the provider is "denied"', async () => {
    const start = await startSignIn(t.app, 'corp');
    const state = new URL(start.location).searchParams.get('state')!;
    const url = new URL(`${PUBLIC_URL}/api/v1/auth/oidc/corp/callback`);
    url.search = new URLSearchParams({
      error: 'access_denied',
      error_description: 'The user said no',
      state,
      iss: idp.issuer,
    }).toString();
    expectRefused(await finishSignIn(t.app, url, start.stateCookie), 'denied');
  });

  it('returnTo must be a path on Hangar: //evil.example and https://evil.example become /', async () => {
    for (const returnTo of [
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/%0d%0aSet-Cookie:x=1',
    ]) {
      const { res } = await signIn('bob-sub', 'pw', returnTo);
      expect(res.statusCode).toBe(302);
      const location = String(res.headers.location);
      expect(location.startsWith('/')).toBe(true);
      expect(location.startsWith('//')).toBe(false);
      expect(new URL(location, PUBLIC_URL).origin).toBe(PUBLIC_URL);
      if (returnTo.includes('evil')) expect(location).toBe('/');
    }
  });

  it('a deactivated account is refused as "disabled"', async () => {
    const { res } = await signIn('bob-sub');
    const me = (
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(await sessionToken(res)) })
    ).json();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/auth/users/${me.user.id}`,
      headers: bearer(admin),
      payload: { active: false },
    });
    expectRefused((await signIn('bob-sub')).res, 'disabled');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/auth/users/${me.user.id}`,
      headers: bearer(admin),
      payload: { active: true },
    });
    expect((await signIn('bob-sub')).res.headers.location).toBe('/');
  });

  it('unlinking: refused for the only way in, allowed when a password remains', async () => {
    const alice = await signIn('alice-sub');
    const aliceToken = await sessionToken(alice.res);
    expectError(
      await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/me/identities/corp', headers: bearer(aliceToken) }),
      409,
    );
    expectError(
      await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/me/identities/github', headers: bearer(aliceToken) }),
      404,
    );

    const bobLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: `bob-${suffix}`, password: 'Passw0rd-bob' },
    });
    const bobToken = bobLogin.json().token;
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/me/identities/corp', headers: bearer(bobToken) }))
        .statusCode,
    ).toBe(204);
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(bobToken) })).json();
    // One identity (issuer + subject), whichever of the two providers of that issuer it came through.
    expect(me.identities).toEqual([]);
  });
});

describe('AUTH_PASSWORD_LOGIN=off', () => {
  it('closes registration and password sign-in, except for the ADMIN_* break-glass account', async () => {
    const closed = await buildTestApp({
      AUTH_PASSWORD_LOGIN: 'off',
      PUBLIC_URL,
      OIDC_PROVIDERS: JSON.stringify([idp.entry()]),
    });
    try {
      expect((await closed.app.inject({ method: 'GET', url: '/api/v1/auth/providers' })).json().passwordLogin).toBe(
        false,
      );
      const reg = await closed.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { username: 'closed-u', email: 'closed-u@example.test', password: 'Passw0rd-1' },
      });
      expectError(reg, 403);
      expect(await closed.adminToken()).toBeTruthy();
    } finally {
      await closed.close();
    }
  });
});
