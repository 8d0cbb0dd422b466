import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ REFRESH_TOKEN_TTL: '86400' });
});
afterAll(() => t.close());

const COOKIE = 'hangar_refresh';
const json = { 'content-type': 'application/json' };

interface SetCookie {
  value: string;
  attributes: Map<string, string>;
}

/** The `hangar_refresh` Set-Cookie of a response, parsed. */
function sessionCookie(res: LightMyRequestResponse): SetCookie | undefined {
  const raw = res.headers['set-cookie'];
  const line = (Array.isArray(raw) ? raw : raw ? [raw] : []).find((c) => c.startsWith(`${COOKIE}=`));
  if (!line) return undefined;
  const [pair, ...attrs] = line.split(';').map((p) => p.trim());
  const attributes = new Map(
    attrs.map((a) => [a.split('=')[0]!.toLowerCase(), a.split('=')[1] ?? ''] as [string, string]),
  );
  return { value: decodeURIComponent(pair!.slice(COOKIE.length + 1)), attributes };
}

const cookieLogin = (username: string, password: string, headers: Record<string, string> = json) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers,
    payload: JSON.stringify({ username, password, session: 'cookie' }),
  });
const cookieRefresh = (value: string | undefined, headers: Record<string, string> = json) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { ...headers, ...(value ? { cookie: `${COOKIE}=${value}` } : {}) },
    payload: JSON.stringify({ session: 'cookie' }),
  });
const logout = (body: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/logout',
    headers: { ...json, ...headers },
    payload: JSON.stringify(body),
  });

async function signIn() {
  const u = await t.newUser('session');
  const res = await cookieLogin(u.username, u.password);
  expect(res.statusCode).toBe(200);
  return { ...u, session: sessionCookie(res)!.value, access: res.json().token as string };
}

describe('cookie sessions (browsers)', () => {
  it('login sets an HttpOnly, SameSite=Strict cookie on the auth path and keeps the token out of JSON', async () => {
    const u = await t.newUser('cookie');
    const res = await cookieLogin(u.username, u.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      user: { username: u.username },
      token: expect.any(String),
      refreshToken: '',
      expiresIn: expect.any(Number),
    });
    const c = sessionCookie(res)!;
    expect(c.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(c.attributes.has('httponly')).toBe(true);
    expect(c.attributes.get('samesite')).toBe('Strict');
    expect(c.attributes.get('path')).toBe('/api/v1/auth');
    expect(c.attributes.get('max-age')).toBe('86400');
    expect(c.attributes.has('secure')).toBe(false);
    expect(c.attributes.has('domain')).toBe(false);
  });

  it('marks the cookie Secure when the request came over HTTPS', async () => {
    const u = await t.newUser('secure');
    // TRUST_PROXY is off in this app: X-Forwarded-Proto is ignored, the cookie stays non-Secure.
    const spoofed = await cookieLogin(u.username, u.password, { ...json, 'x-forwarded-proto': 'https' });
    expect(sessionCookie(spoofed)!.attributes.has('secure')).toBe(false);
    const proxied = await buildTestApp({ TRUST_PROXY: 'true' });
    try {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { ...json, 'x-forwarded-proto': 'https' },
        payload: JSON.stringify({ username: ADMIN.username, password: ADMIN.password, session: 'cookie' }),
      });
      expect(res.statusCode).toBe(200);
      expect(sessionCookie(res)!.attributes.has('secure')).toBe(true);
    } finally {
      await proxied.close();
    }
  });

  it('refresh rotates the cookie and answers a new access token', async () => {
    const s = await signIn();
    const res = await cookieRefresh(s.session);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: expect.any(String), refreshToken: '' });
    const rotated = sessionCookie(res)!;
    expect(rotated.value).not.toBe(s.session);
    expect(rotated.attributes.get('path')).toBe('/api/v1/auth');
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(res.json().token) });
    expect(me.json().user.username).toBe(s.username);
    expect((await cookieRefresh(rotated.value)).statusCode).toBe(200);
  });

  it('a used cookie coming back revokes every session of the user', async () => {
    const s = await signIn();
    const other = sessionCookie(await cookieLogin(s.username, s.password))!.value;
    const next = sessionCookie(await cookieRefresh(s.session))!.value;
    const reused = await cookieRefresh(s.session);
    expect(expectError(reused, 401).message).toMatch(/already used/);
    // The refused cookie is cleared.
    expect(
      sessionCookie(reused)!.attributes.get('max-age') ?? sessionCookie(reused)!.attributes.get('expires'),
    ).toBeDefined();
    expect(sessionCookie(reused)!.value).toBe('');
    expectError(await cookieRefresh(next), 401);
    expectError(await cookieRefresh(other), 401);
  });

  it('refresh without, or with a garbled, cookie is 401; a non-JSON request is 400', async () => {
    expect(expectError(await cookieRefresh(undefined), 401).message).toMatch(/sign in/i);
    expectError(await cookieRefresh('not a token!'), 401);
    expectError(await cookieRefresh('A'.repeat(43)), 401);
    const s = await signIn();
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${COOKIE}=${s.session}` },
      payload: 'session=cookie',
    });
    expect(expectError(form, 400).message).toMatch(/application\/json/);
    // The refused request did not spend the token.
    expect((await cookieRefresh(s.session)).statusCode).toBe(200);
    const formLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${s.username}&password=${s.password}&session=cookie`,
    });
    expectError(formLogin, 400);
    expect(sessionCookie(formLogin)).toBeUndefined();
  });

  it('logout revokes the cookie session and clears the cookie; other sessions live on', async () => {
    const s = await signIn();
    const other = sessionCookie(await cookieLogin(s.username, s.password))!.value;
    const res = await logout({}, { cookie: `${COOKIE}=${s.session}` });
    expect(res.statusCode).toBe(204);
    const cleared = sessionCookie(res)!;
    expect(cleared.value).toBe('');
    expect(cleared.attributes.get('path')).toBe('/api/v1/auth');
    expect(expectError(await cookieRefresh(s.session), 401).message).toMatch(/revoked/);
    // A signed-out token coming back is not a leak: the other session still works.
    expect((await cookieRefresh(other)).statusCode).toBe(200);
    // Signing out again, or without any session, is fine.
    expect((await logout({})).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(204);
  });

  it('logout everywhere revokes every refresh token of the user, cookie or JSON', async () => {
    const s = await signIn();
    const other = sessionCookie(await cookieLogin(s.username, s.password))!.value;
    const apiClient = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: s.username, password: s.password },
      })
    ).json();
    const bystander = await signIn();
    expect(expectError(await logout({ everywhere: true }, { cookie: `${COOKIE}=${s.session}` }), 401).message).toMatch(
      /bearer/,
    );
    expectError(await logout({ everywhere: true }, bearer('not.a.jwt')), 401);
    const res = await logout({ everywhere: true }, { ...bearer(s.access), cookie: `${COOKIE}=${s.session}` });
    expect(res.statusCode).toBe(204);
    expect(sessionCookie(res)!.value).toBe('');
    expectError(await cookieRefresh(s.session), 401);
    expectError(await cookieRefresh(other), 401);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { username: s.username, refreshToken: apiClient.refreshToken },
      }),
      401,
    );
    expect((await cookieRefresh(bystander.session)).statusCode).toBe(200);
  });

  it('logout validates its body', async () => {
    expectError(await logout({ everywhere: 'yes' }), 400);
    expectError(await logout({ refreshToken: '' }), 400);
  });
});

describe('API clients keep the JSON tokens', () => {
  it('login without session answers the refresh token in JSON and sets no cookie', async () => {
    const u = await t.newUser('api');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: u.username, password: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.headers['set-cookie']).toBeUndefined();
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { username: u.username, refreshToken: res.json().refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(refreshed.headers['set-cookie']).toBeUndefined();
    // Logout with the token in JSON revokes it.
    expect((await logout({ refreshToken: refreshed.json().refreshToken })).statusCode).toBe(204);
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/refresh',
        payload: { username: u.username, refreshToken: refreshed.json().refreshToken },
      }),
      401,
    );
  });

  it('refresh without username or token (and no session) is 400 naming the fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { username: 'someone' } });
    const body = expectError(res, 400);
    expect(body.message).toMatch(/refreshToken/);
    expect(body.details).toEqual([{ field: 'refreshToken', problem: 'is required' }]);
    expectError(await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: {} }), 400);
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { session: 'local' } }),
      400,
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'a', password: 'b', session: 'jar' },
      }),
      400,
    );
  });
});

describe('GET /api/v1/auth/me', () => {
  it('answers the user and their organizations with roles', async () => {
    const u = await t.newUser('me');
    const admin = await t.adminToken();
    const org = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: bearer(admin),
      payload: { name: 'Me Org ' + u.username, slug: ('me-' + u.username).toLowerCase().slice(0, 40) },
    });
    expect(org.statusCode).toBe(201);
    const orgId = org.json().id;
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(u.token) })).json()).toEqual({
      user: expect.objectContaining({ id: u.id, username: u.username, roles: ['user'] }),
      identities: [],
      organizations: [],
    });
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${orgId}/members`,
      headers: bearer(admin),
      payload: { userId: u.id, role: 'member' },
    });
    expect(added.statusCode).toBe(201);
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(u.token) })).json();
    expect(me.organizations).toEqual([{ id: orgId, name: org.json().name, slug: org.json().slug, role: 'member' }]);
    expect(JSON.stringify(me)).not.toMatch(/password/i);
    // A global admin may pick any organization.
    const adminMe = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(admin) })).json();
    expect(adminMe.organizations).toContainEqual(expect.objectContaining({ id: orgId }));
  });

  it('is 401 without or with a bad token', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' }), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer('nope') }), 401);
  });
});
