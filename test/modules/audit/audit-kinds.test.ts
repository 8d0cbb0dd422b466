import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';

/** Action kinds recorded in their verbs' transactions (decisions 1000–1001), read from the outside. */
let t: TestApp;
let admin: string;

interface Row {
  action: string;
  outcome: string;
  actor: { via: string; username: string | null };
  resource: { type: string | null; id: string | null; ref: string | null };
  changes: Record<string, unknown[]> | null;
  requestId: string | null;
}

async function records(action: string): Promise<Row[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/audit?action=${action}&limit=50`,
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

describe('audit log: tokens, service accounts and team membership', () => {
  it('records a personal access token created and revoked, never its secret', async () => {
    const user = await t.newUser('audpat');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/tokens',
      headers: bearer(user.token),
      payload: { name: 'ci', scope: 'read', expiresInDays: 30 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, token } = created.json();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/auth/tokens/${id}`, headers: bearer(user.token) }))
        .statusCode,
    ).toBe(204);
    const rows = (await records('auth.token.')).filter((r) => r.resource.id === id);
    expect(rows.map((r) => r.action)).toEqual(['auth.token.revoke', 'auth.token.create']);
    expect(rows[1]).toMatchObject({
      outcome: 'success',
      actor: { username: user.username },
      resource: { type: 'personal-access-token', ref: 'ci' },
    });
    expect(rows[1]!.changes).toMatchObject({ owner: [null, user.id], scope: [null, 'read'] });
    expect(rows[1]!.requestId).toBeTruthy();
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('records a refused token creation (a token cannot make tokens) as denied, and nothing else', async () => {
    const user = await t.newUser('audpat2');
    const pat = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/tokens',
        headers: bearer(user.token),
        payload: { name: 'w', scope: 'write', expiresInDays: 1 },
      })
    ).json().token as string;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/tokens',
      headers: bearer(pat),
      payload: { name: 'x', scope: 'read', expiresInDays: 1 },
    });
    expect(refused.statusCode).toBe(403);
    // The refusal is recorded by the response hook after the answer was sent (decision 980): poll for it.
    const refusals = async () =>
      (await records('auth.tokens'))
        .filter((r) => r.actor.username === user.username)
        .map((r) => [r.outcome, r.actor.via]);
    await expect.poll(refusals).toEqual([['denied', 'token']]);
    expect((await records('auth.token.create')).filter((r) => r.actor.username === user.username)).toHaveLength(1);
  });

  it('records a service account created and deleted', async () => {
    const name = uniq('audsa').toLowerCase();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/service-accounts',
      headers: bearer(admin),
      payload: { name, roles: ['admin'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/auth/service-accounts/${id}`, headers: bearer(admin) }))
        .statusCode,
    ).toBe(204);
    const rows = (await records('auth.service-account.')).filter((r) => r.resource.id === id);
    expect(rows.map((r) => r.action)).toEqual(['auth.service-account.delete', 'auth.service-account.create']);
    expect(rows[1]!.changes).toMatchObject({ name: [null, name], roles: [null, ['user', 'admin']] });
  });

  it('records team members added, their role changed and removed, with before and after', async () => {
    const team = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teams',
      headers: bearer(admin),
      payload: { name: uniq('audteam') },
    });
    expect(team.statusCode).toBe(201);
    const teamId = team.json().id as string;
    const [a, b] = await Promise.all([t.newUser('audtm'), t.newUser('audtm')]);
    for (const u of [a!, b!]) {
      const add = await t.app.inject({
        method: 'POST',
        url: `/api/v1/teams/${teamId}/members/${u.id}`,
        headers: bearer(admin),
        payload: {},
      });
      expect(add.statusCode, add.body).toBeLessThan(300);
    }
    const role = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/teams/${teamId}/members/${a!.id}`,
      headers: bearer(admin),
      payload: { role: 'maintainer' },
    });
    expect(role.statusCode, role.body).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/teams/${teamId}/members/${b!.id}`,
          headers: bearer(admin),
        })
      ).statusCode,
    ).toBeLessThan(300);
    const rows = (await records('teams.member.')).filter((r) => r.resource.id === teamId);
    expect(rows.map((r) => [r.action, r.changes])).toEqual([
      ['teams.member.remove', { member: [b!.id, null], role: ['member', null] }],
      ['teams.member.role', { member: [a!.id, a!.id], role: ['member', 'maintainer'] }],
      ['teams.member.add', { member: [null, b!.id], role: [null, 'member'] }],
      ['teams.member.add', { member: [null, a!.id], role: [null, 'member'] }],
    ]);
  });
});
