import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditService } from '../../../src/modules/audit/index.js';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let admin: string;
let org: string;
let owner: { id: string; token: string; username: string; password: string };
let member: { id: string; token: string };

const as = (token: string, organization?: string) => ({
  ...bearer(token),
  ...(organization ? { 'x-organization-id': organization } : {}),
});

async function records(query: string, organization: string | null = org, token = admin) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/audit?${query}`,
    headers: as(token, organization ?? undefined),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: {
      action: string;
      outcome: string;
      requestId: string;
      changes: Record<string, unknown[]> | null;
      actor: { username: string; via: string };
      resource: { id: string | null };
    }[];
    nextCursor: string | null;
  };
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: bearer(admin),
    payload: { name: 'Audit org', slug: uniq('audit').toLowerCase() },
  });
  org = res.json().id;
  [owner, member] = await Promise.all([t.newUser('audown'), t.newUser('audmem')]);
  for (const [u, role] of [
    [owner, 'owner'],
    [member, 'member'],
  ] as const) {
    const add = await t.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${org}/members`,
      headers: bearer(admin),
      payload: { userId: u.id, role },
    });
    expect(add.statusCode).toBe(201);
  }
});
afterAll(() => t.close());

describe('audit log: what is recorded', () => {
  it('records sign-ins and failed sign-ins with how the user signed in', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: owner.username, password: 'Wrong-passw0rd' },
    });
    expect(bad.statusCode).toBe(401);
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: owner.username, password: owner.password },
      headers: { 'user-agent': 'audit-test' },
    });
    expect(good.statusCode).toBe(200);
    const { data } = await records(`action=auth.sign-in&actor=${owner.username}`, null);
    expect(data.map((r) => r.outcome).slice(0, 2)).toEqual(['success', 'failed']);
    expect(data[0]!.actor.via).toBe('password');
    expect(JSON.stringify(data)).not.toContain('Wrong-passw0rd');
  });

  it('records a registration as the new user, with its request, never its password', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { username: uniq('audreg'), email: `${uniq('audreg')}@example.test`, password: 'Register-passw0rd-9' },
      headers: { 'user-agent': 'audit-register' },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const user = reg.json() as { id: string; username: string };
    const requestId = String(reg.headers['x-request-id']);
    const { data } = await records('action=auth.register&limit=500', null);
    // recorded once, in the registration's transaction: no response-level `auth.register.create` beside it
    const mine = data.filter((r) => r.requestId === requestId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      action: 'auth.register',
      outcome: 'success',
      actor: { username: user.username, via: 'password' },
      resource: { id: user.id },
    });
    expect(JSON.stringify(mine)).not.toContain('Register-passw0rd-9');
  });

  it('records a credential change in its transaction, the value masked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/integrations/credentials',
      headers: as(admin, org),
      payload: { type: 'cloudci', name: 'ci', value: { token: 'cred-secret-123' } },
    });
    expect(res.statusCode).toBe(201);
    const { data } = await records('action=integrations.credential');
    expect(data[0]).toMatchObject({
      action: 'integrations.credential.create',
      outcome: 'success',
      resource: { id: res.json().id },
    });
    expect(data[0]!.changes).toEqual({ name: [null, 'ci'], value: [null, '***'] });
    expect(JSON.stringify(data)).not.toContain('cred-secret-123');
  });

  it('a failed write leaves only a failed record; a refused one a denied record', async () => {
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/integrations/credentials',
      headers: as(admin, org),
      payload: { type: 'cloudci', name: 'again', value: { token: 'x-secret' } },
    });
    expect(dup.statusCode).toBe(409);
    // The response-level recorder writes after the response is sent: poll for it.
    const mine = async () =>
      (await records('action=integrations.credentials')).data
        .filter((r) => r.requestId === dup.headers['x-request-id'])
        .map((r) => r.outcome);
    await expect.poll(mine).toEqual(['failed']);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/integrations/credentials',
      headers: as(member.token, org),
      payload: { type: 'gitopscd', name: 'no', value: { url: 'https://a.example.test', token: 't' } },
    });
    expect(refused.statusCode).toBe(403);
    const denied = async () =>
      (await records('outcome=denied', null)).data.filter((r) => r.requestId === refused.headers['x-request-id'])
        .length;
    await expect.poll(denied).toBe(1);
  });

  it('a transaction that rolls back leaves no record', async () => {
    const before = (await records('action=test.rollback')).data.length;
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.hangar.audit.record(tx, {
          organizationId: org,
          action: 'test.rollback',
          resource: { type: 'test' },
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect((await records('action=test.rollback')).data.length).toBe(before);
  });

  it('records other writes with their outcome (a component created)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${org}/members`,
      headers: bearer(admin),
      payload: { userId: (await t.newUser('late')).id, role: 'member' },
    });
    expect(res.statusCode).toBe(201);
    const found = async () =>
      (await records('action=organizations.members.create', null)).data.some(
        (r) => r.requestId === res.headers['x-request-id'],
      );
    await expect.poll(found).toBe(true);
  });
});

describe('audit log: access, paging, chain', () => {
  it('owners read their organization, members are refused', async () => {
    expect((await records('limit=1', org, owner.token)).data).toHaveLength(1);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/audit', headers: as(member.token, org) });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/audit?limit=501', headers: as(admin, org) })).statusCode,
    ).toBe(400);
  });

  it('pages newest first with a keyset cursor', async () => {
    for (let i = 0; i < 5; i++)
      await t.database.db.transaction((tx) =>
        t.app.hangar.audit.record(tx, { organizationId: org, action: `test.page.${i}`, resource: { type: 'test' } }),
      );
    const first = await records('action=test.page&limit=2');
    expect(first.data.map((r) => r.action)).toEqual(['test.page.4', 'test.page.3']);
    const second = await records(`action=test.page&limit=2&cursor=${first.nextCursor}`);
    expect(second.data.map((r) => r.action)).toEqual(['test.page.2', 'test.page.1']);
  });

  it('verify passes, then names a tampered record', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/audit/verify', headers: as(admin, org) });
    expect(ok.json()).toMatchObject({ ok: true, firstBad: null });
    const victim = (await records('action=test.page.2')).data[0] as unknown as { id: string };
    await t.database.db.execute(sql`UPDATE audit_records SET action = 'test.page.forged' WHERE id = ${victim.id}`);
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/audit/verify', headers: as(admin, org) });
    expect(bad.json()).toMatchObject({ ok: false, firstBad: { id: victim.id } });
    await t.database.db.execute(sql`UPDATE audit_records SET action = 'test.page.2' WHERE id = ${victim.id}`);
  });

  it('exports NDJSON and CSV with the same filters', async () => {
    const nd = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit/export?format=ndjson&action=test.page',
      headers: as(admin, org),
    });
    expect(nd.statusCode).toBe(200);
    expect(
      nd.body
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).action),
    ).toEqual(['test.page.4', 'test.page.3', 'test.page.2', 'test.page.1', 'test.page.0']);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit/export?format=csv&action=test.page',
      headers: as(admin, org),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('id,at,actorUserId');
  });
  it('pruning keeps a signed checkpoint so the rest still verifies', async () => {
    const audit = t.app.hangar.audit as AuditService;
    const all = (await records('limit=500')).data as unknown as { at: string }[];
    const cut = new Date(new Date(all[Math.floor(all.length / 2)]!.at).getTime() + 1);
    // Retention of one day, seen from one day after the cut.
    expect(await audit.prune(1, new Date(cut.getTime() + 86_400_000))).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/audit/verify', headers: as(admin, org) });
    expect(res.json()).toMatchObject({ ok: true, firstBad: null });
    await t.database.db.execute(sql`UPDATE audit_checkpoints SET hash = repeat('f', 64) WHERE chain = ${org}`);
    const forged = await t.app.inject({ method: 'GET', url: '/api/v1/audit/verify', headers: as(admin, org) });
    expect(forged.json().ok).toBe(false);
  });
});
