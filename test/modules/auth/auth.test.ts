import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { ADMIN, TEST_JWT_SECRET, bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const register = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload });
const login = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload });
const refresh = (payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload });

describe('register', () => {
  it('creates a user (201) without any password field', async () => {
    const username = uniq('reg');
    const res = await register({
      username,
      email: `${username}@Example.TEST`,
      password: 'Passw0rdA',
      displayName: 'Reg User',
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username,
      email: `${username}@example.test`,
      displayName: 'Reg User',
      roles: ['user'],
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('defaults a blank or null displayName to the username', async () => {
    for (const displayName of ['', '   ', null]) {
      const username = uniq('dn');
      const res = await register({ username, email: `${username}@x.test`, password: 'Passw0rdA', displayName });
      expect(res.statusCode).toBe(201);
      expect(res.json().displayName).toBe(username);
    }
  });

  it('rejects duplicate usernames and emails (case-insensitive email) with 409', async () => {
    const username = uniq('dup');
    expect((await register({ username, email: `${username}@x.test`, password: 'Passw0rdA' })).statusCode).toBe(201);
    expectError(await register({ username, email: `other-${username}@x.test`, password: 'Passw0rdA' }), 409);
    expectError(
      await register({ username: `${username}2`, email: `${username.toUpperCase()}@X.TEST`, password: 'Passw0rdA' }),
      409,
    );
  });

  it('accepts any 2-50 visible characters as a username (the document bounds only the length)', async () => {
    for (const username of [
      `${uniq('mail')}@example.test`,
      `${uniq('plus')}+tag`,
      `Ünïcødé-${uniq('u')}`.slice(0, 50),
    ]) {
      const res = await register({ username, email: `${uniq('e')}@x.test`, password: 'Passw0rdA' });
      expect(res.statusCode, username).toBe(201);
      expect(res.json().username).toBe(username);
    }
  });

  it.each([
    [{ email: 'a@b.test', password: 'Passw0rdA' }, 'username'],
    [{ username: 'x', email: 'a@b.test', password: 'Passw0rdA' }, 'username'],
    [{ username: 'a'.repeat(51), email: 'a@b.test', password: 'Passw0rdA' }, 'username'],
    [{ username: 'okname', email: 'not-an-email', password: 'Passw0rdA' }, 'email'],
    [{ username: 'okname', email: 'a@b.test', password: 'short1A' }, 'password'],
    [{ username: 'okname', email: 'a@b.test', password: 'alllowercase1' }, 'password'],
    [{ username: 'okname', email: 'a@b.test', password: 'ALLUPPERCASE1' }, 'password'],
    [{ username: 'okname', email: 'a@b.test', password: 'NoDigitsHere' }, 'password'],
    [{ username: 123, email: 'a@b.test', password: 'Passw0rdA' }, 'username'],
    [{ username: 'has space', email: 'a@b.test', password: 'Passw0rdA' }, 'username'],
  ])('400 for %j', async (payload, field) => {
    const body = expectError(await register(payload), 400);
    expect(body.message).toContain(field);
  });
});

describe('login and tokens', () => {
  it('returns user, token and refresh token; wrong credentials are 401', async () => {
    const u = await t.newUser('login');
    const ok = await login({ username: u.username, password: u.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      user: { username: u.username },
      token: expect.any(String),
      refreshToken: expect.any(String),
    });
    expect(ok.body).not.toMatch(/passwordHash|argon2/);
    expectError(await login({ username: u.username, password: 'Wrong-passw0rd' }), 401);
    expectError(await login({ username: 'nobody-here', password: 'Wrong-passw0rd' }), 401);
    expectError(await login({ username: u.username }), 400);
  });

  it('rotates refresh tokens, and a reused token revokes the whole family', async () => {
    const u = await t.newUser('refresh');
    const first = (await login({ username: u.username, password: u.password })).json();
    const second = await refresh({ username: u.username, refreshToken: first.refreshToken });
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair.refreshToken).not.toBe(first.refreshToken);
    expect(pair.token).toEqual(expect.any(String));
    // reuse of the first token: 401, and the fresh one dies with it
    expectError(await refresh({ username: u.username, refreshToken: first.refreshToken }), 401);
    expectError(await refresh({ username: u.username, refreshToken: pair.refreshToken }), 401);
  });

  it('refuses unknown refresh tokens and tokens of another user', async () => {
    const a = await t.newUser('ra');
    const b = await t.newUser('rb');
    const aTokens = (await login({ username: a.username, password: a.password })).json();
    expectError(await refresh({ username: b.username, refreshToken: aTokens.refreshToken }), 401);
    expectError(await refresh({ username: a.username, refreshToken: 'garbage' }), 401);
    // a's token still works: presenting it under b's name is not a reuse of a's family
    expect((await refresh({ username: a.username, refreshToken: aTokens.refreshToken })).statusCode).toBe(200);
  });

  it('refuses forged, alg:none, expired and malformed tokens', async () => {
    const u = await t.newUser('forge');
    const key = new TextEncoder().encode('some-other-secret-that-is-long-enough-1234');
    const forged = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setExpirationTime('1h')
      .sign(key);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: u.id, typ: 'access', exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
    const expired = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(u.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    for (const token of [forged, none, expired, 'abc', 'a.b.c']) {
      expectError(await t.app.inject({ method: 'GET', url: '/api/v1/auth/users', headers: bearer(token) }), 401);
    }
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/auth/users' }), 401);
  });
});

describe('users and roles (admin)', () => {
  it('lists users paginated for admins only, never with password data', async () => {
    const u = await t.newUser('plain');
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/auth/users', headers: bearer(u.token) }), 403);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/users?skip=0&take=2',
      headers: bearer(await t.adminToken()),
    });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ skip: 0, take: 2, total: expect.any(Number) });
    expect(page.data.length).toBeLessThanOrEqual(2);
    expect(res.body).not.toMatch(/password|argon2/i);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/users?take=101', headers: bearer(await t.adminToken()) }),
      400,
    );
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/users?skip=-1', headers: bearer(await t.adminToken()) }),
      400,
    );
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/v1/auth/users?take=1.5', headers: bearer(await t.adminToken()) }),
      400,
    );
  });

  it('promotes and demotes; the change applies to the next request', async () => {
    const u = await t.newUser('promote');
    const admin = await t.adminToken();
    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/auth/users/${u.id}/roles`,
      headers: bearer(admin),
      payload: { roles: ['admin'] },
    });
    expect(promote.statusCode).toBe(200);
    expect(promote.json().roles).toEqual(['user', 'admin']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/users', headers: bearer(u.token) })).statusCode,
    ).toBe(200);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/auth/users/${u.id}/roles`,
      headers: bearer(admin),
      payload: { roles: [] },
    });
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/auth/users', headers: bearer(u.token) }), 403);
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/auth/users/${u.id}/roles`,
        headers: bearer(admin),
        payload: { roles: ['root'] },
      }),
      400,
    );
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/auth/users/not-a-uuid/roles`,
        headers: bearer(admin),
        payload: { roles: [] },
      }),
      400,
    );
    expectError(
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/auth/users/00000000-0000-4000-8000-000000000000/roles`,
        headers: bearer(admin),
        payload: { roles: [] },
      }),
      404,
    );
  });

  it('bootstraps the admin from ADMIN_*', async () => {
    const res = await login({ username: ADMIN.username, password: ADMIN.password });
    expect(res.json().user.roles).toContain('admin');
  });
});
