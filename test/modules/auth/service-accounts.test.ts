import { describe, expect, it } from 'vitest';
import { bearer, expectError } from '../../helpers/app.js';
import {
  app,
  admin,
  secrets,
  logs,
  post,
  get,
  del,
  newUser,
  newToken,
  useTokensApp,
} from './personal-access-tokens-setup.js';

useTokensApp();

describe('service accounts', () => {
  it('are users of type service that only tokens sign in as', async () => {
    const name = `ci-bot-${Date.now().toString(36)}`;
    const u = await newUser();
    expectError(await post('/api/v1/auth/service-accounts', u.jwt, { name }), 403);
    const created = await post('/api/v1/auth/service-accounts', admin, {
      name,
      description: 'Deploys from CI',
      roles: ['user'],
    });
    expect(created.statusCode).toBe(201);
    const account = created.json();
    expect(account).toMatchObject({
      name,
      description: 'Deploys from CI',
      roles: ['user'],
      tokenCount: 0,
      deactivatedAt: null,
    });
    expectError(await post('/api/v1/auth/service-accounts', admin, { name }), 409);
    expectError(await post('/api/v1/auth/service-accounts', admin, { name: 'Not A Slug' }), 400);

    const users = await get('/api/v1/auth/users?type=service&take=100', admin);
    expect(users.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: account.id, username: name, type: 'service' })]),
    );
    const people = await get('/api/v1/auth/users?type=user&take=100', admin);
    expect(people.json().data.every((p: { type: string }) => p.type === 'user')).toBe(true);

    const token = await post(`/api/v1/auth/service-accounts/${account.id}/tokens`, admin, {
      name: 'deploys',
      expiresInDays: 90,
      scope: 'write',
    });
    expect(token.statusCode).toBe(201);
    secrets.push(token.json().token);
    const me = await get('/api/v1/auth/me', token.json().token);
    expect(me.json().user).toMatchObject({ id: account.id, type: 'service' });
    expectError(
      await post(`/api/v1/auth/service-accounts/${u.id}/tokens`, admin, { name: 'x', expiresInDays: 1, scope: 'read' }),
      404,
    );
    expectError(
      await post(`/api/v1/auth/service-accounts/${account.id}/tokens`, token.json().token, {
        name: 'x',
        expiresInDays: 1,
        scope: 'read',
      }),
      403,
    );

    const listed = await get('/api/v1/auth/service-accounts', admin);
    expect(listed.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: account.id, tokenCount: 1 })]),
    );
    expect((await get(`/api/v1/auth/tokens?userId=${account.id}`, admin)).json().data).toHaveLength(1);

    // No interactive sign-in, with any password.
    expectError(
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: name, password: 'Anything-1a' },
      }),
      401,
    );

    expect((await del(`/api/v1/auth/service-accounts/${account.id}`, admin)).statusCode).toBe(204);
    expectError(await get('/api/v1/auth/me', token.json().token), 401);
    expectError(await del(`/api/v1/auth/service-accounts/${account.id}`, admin), 404);
  });
});

describe('deactivation', () => {
  it('refuses the account’s sessions, tokens and sign-in at once; reactivation restores them', async () => {
    const u = await newUser();
    const pat = await newToken(u.jwt, 'read');
    expect((await get('/api/v1/auth/me', pat.token)).statusCode).toBe(200);
    const off = await app.inject({
      method: 'PATCH',
      url: `/api/v1/auth/users/${u.id}`,
      headers: bearer(admin),
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().deactivatedAt).toEqual(expect.any(String));
    expectError(await get('/api/v1/auth/me', pat.token), 401);
    expectError(await get('/api/v1/auth/me', u.jwt), 401);
    expectError(
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: u.username, password: u.password },
      }),
      403,
    );
    expectError(
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: u.username, password: 'Wrong-pass1' },
      }),
      401,
    );
    const me = (await get('/api/v1/auth/me', admin)).json().user;
    expectError(
      await app.inject({
        method: 'PATCH',
        url: `/api/v1/auth/users/${me.id}`,
        headers: bearer(admin),
        payload: { active: false },
      }),
      409,
    );
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/v1/auth/users/${u.id}`,
          headers: bearer(admin),
          payload: { active: true },
        })
      ).statusCode,
    ).toBe(200);
    expect((await get('/api/v1/auth/me', pat.token)).statusCode).toBe(200);
  });
});

// The secrecy check of personal-access-tokens.test.ts, over the secrets this file was given.
describe('secrecy', () => {
  it('no service account token secret appears in any log line (trace level)', async () => {
    expect(secrets.length).toBeGreaterThan(1);
    const text = logs.text();
    expect(text.length).toBeGreaterThan(1000);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('hgr_pat_');
  });
});
