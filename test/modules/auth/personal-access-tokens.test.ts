import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { bearer, expectError } from '../../helpers/app.js';
import {
  app,
  db,
  logs,
  admin,
  secrets,
  post,
  get,
  del,
  newUser,
  newToken,
  useTokensApp,
} from './personal-access-tokens-setup.js';

useTokensApp();

describe('personal access tokens', () => {
  it('are created once with their secret, listed without it, and act as their user with current roles', async () => {
    const u = await newUser();
    const created = await newToken(u.jwt, 'write', 30);
    expect(created.token).toMatch(/^hgr_pat_[0-9A-Za-z]{40}$/);
    expect(created).toMatchObject({ name: 'script write', scope: 'write' });
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    const me = await get('/api/v1/auth/me', created.token);
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: u.id, type: 'user' });
    expect((await get('/api/v1/catalog/components', created.token)).statusCode).toBe(200);

    // The user's roles as they are now: a promotion applies to the token at once.
    expect((await get('/api/v1/auth/users', created.token)).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'PATCH',
          url: `/api/v1/auth/users/${u.id}/roles`,
          headers: bearer(admin),
          payload: { roles: ['admin'] },
        })
      ).statusCode,
    ).toBe(200);
    expect((await get('/api/v1/auth/users', created.token)).statusCode).toBe(200);

    // The use is recorded off the request path: wait for it.
    await vi.waitFor(async () =>
      expect((await get('/api/v1/auth/tokens', u.jwt)).json().data[0].lastUsedAt).not.toBeNull(),
    );
    const list = await get('/api/v1/auth/tokens', u.jwt);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: created.id,
        userId: u.id,
        name: 'script write',
        scope: 'write',
        lastUsedAt: expect.any(String),
      }),
    ]);
    expect(list.body).not.toContain(created.token);
    expect(list.body).not.toMatch(/hash/i);
    const stored = await db.handle.db.execute(
      sql`SELECT token_hash FROM personal_access_tokens WHERE id = ${created.id}`,
    );
    expect(JSON.stringify(stored)).not.toContain(created.token);
  });

  it('a read token reads and is refused every write (403), whatever the route', async () => {
    const u = await newUser();
    const read = await newToken(u.jwt, 'read');
    const write = await newToken(u.jwt, 'write');
    expect((await get('/api/v1/dashboards', read.token)).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'HEAD', url: '/api/v1/dashboards', headers: bearer(read.token) })).statusCode,
    ).toBe(200);
    const body = { name: 'From a script' };
    expectError(await post('/api/v1/dashboards', read.token, body), 403);
    expect((await post('/api/v1/dashboards', write.token, body)).statusCode).toBe(201);
    expectError(await del(`/api/v1/auth/tokens/${write.id}`, read.token), 403);
    expectError(
      await app.inject({
        method: 'PATCH',
        url: `/api/v1/auth/users/${u.id}/roles`,
        headers: bearer(read.token),
        payload: { roles: [] },
      }),
      403,
    );
    const logout = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: bearer(read.token),
      payload: { everywhere: true },
    });
    expectError(logout, 403);
  });

  it('a token cannot create tokens', async () => {
    const u = await newUser();
    const write = await newToken(u.jwt, 'write');
    expect(
      expectError(await post('/api/v1/auth/tokens', write.token, { name: 'x', expiresInDays: 1, scope: 'read' }), 403)
        .message,
    ).toMatch(/cannot create tokens/);
  });

  it('revocation is immediate; only the owner or an admin may revoke; admins list anyone’s', async () => {
    const u = await newUser();
    const other = await newUser();
    const t1 = await newToken(u.jwt, 'write');
    const t2 = await newToken(u.jwt, 'read');
    expect((await get('/api/v1/auth/me', t1.token)).statusCode).toBe(200);
    expectError(await del(`/api/v1/auth/tokens/${t1.id}`, other.jwt), 404);
    expectError(await get(`/api/v1/auth/tokens?userId=${u.id}`, other.jwt), 403);
    expect((await del(`/api/v1/auth/tokens/${t1.id}`, u.jwt)).statusCode).toBe(204);
    expectError(await get('/api/v1/auth/me', t1.token), 401);
    expectError(await del(`/api/v1/auth/tokens/${t1.id}`, u.jwt), 404);

    const listed = await get(`/api/v1/auth/tokens?userId=${u.id}`, admin);
    expect(listed.json().data.map((t: { id: string }) => t.id)).toEqual([t2.id]);
    expect((await del(`/api/v1/auth/tokens/${t2.id}`, admin)).statusCode).toBe(204);
    expectError(await get('/api/v1/auth/me', t2.token), 401);
    expectError(await get(`/api/v1/auth/tokens?userId=00000000-0000-4000-8000-000000000000`, admin), 404);
  });

  it('an expired token is refused, also when this process remembers it', async () => {
    const u = await newUser();
    const stale = await newToken(u.jwt, 'write', 1);
    await db.handle.db.execute(
      sql`UPDATE personal_access_tokens SET expires_at = now() - interval '1 second' WHERE id = ${stale.id}`,
    );
    expectError(await get('/api/v1/auth/me', stale.token), 401);

    const remembered = await newToken(u.jwt, 'read', 1);
    expect((await get('/api/v1/auth/me', remembered.token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 86_400_000 + 1000);
    expectError(await get('/api/v1/auth/me', remembered.token), 401);
  });

  it('unknown, malformed and look-alike tokens are 401', async () => {
    for (const token of ['hgr_pat_' + 'A'.repeat(40), 'hgr_pat_short', 'hgr_pat_' + 'A'.repeat(39) + '!', 'hgr_pat_']) {
      expectError(await get('/api/v1/auth/me', token), 401);
    }
  });

  it('bad input is a 400 naming the field', async () => {
    const u = await newUser();
    for (const [payload, field] of [
      [{ name: 'x', expiresInDays: 0, scope: 'read' }, 'expiresInDays'],
      [{ name: 'x', expiresInDays: 367, scope: 'read' }, 'expiresInDays'],
      [{ name: 'x', expiresInDays: '30', scope: 'read' }, 'expiresInDays'],
      [{ name: 'x', expiresInDays: 30, scope: 'admin' }, 'scope'],
      [{ name: '   ', expiresInDays: 30, scope: 'read' }, 'name'],
      [{ expiresInDays: 30, scope: 'read' }, 'name'],
    ] as const) {
      const body = expectError(await post('/api/v1/auth/tokens', u.jwt, payload), 400);
      expect(JSON.stringify(body.details ?? body.message)).toContain(field);
    }
    expectError(await get('/api/v1/auth/tokens?userId=nope', u.jwt), 400);
    expectError(await del('/api/v1/auth/tokens/nope', u.jwt), 400);
    expectError(
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/tokens',
        payload: { name: 'x', expiresInDays: 1, scope: 'read' },
      }),
      401,
    );
  });
});

describe('secrecy', () => {
  it('no token secret appears in any log line (trace level)', async () => {
    expect(secrets.length).toBeGreaterThan(5);
    const text = logs.text();
    expect(text.length).toBeGreaterThan(1000);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('hgr_pat_');
  });
});
