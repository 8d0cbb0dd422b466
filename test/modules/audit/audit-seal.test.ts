import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, testDbKind, uniq, type TestApp } from '../../helpers/app.js';

let t: TestApp;
let admin: string;
let org: string;

const verify = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/audit/verify',
    headers: { ...bearer(admin), 'x-organization-id': org },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ok: boolean; checked: number; pending: number; firstBad: unknown };
};
const seals = async () =>
  (
    await t.database.db.execute<{ action: string; seq: number }>(sql`
      select r.action, s.seq::int as seq from audit_seals s join audit_records r on r.id = s.record_id
      where s.chain = ${org} order by s.seq`)
  ).rows;
const record = (action: string) =>
  t.database.db.transaction((tx) =>
    t.app.hangar.audit.record(tx, { organizationId: org, action, resource: { type: 'test' } }),
  );

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: bearer(admin),
    payload: { name: 'Seal org', slug: uniq('seal').toLowerCase() },
  });
  org = res.json().id;
});
afterAll(() => t.close());

describe('audit chain sealed after commit (decisions 1090–1092)', () => {
  it('concurrent writers of one organization: every record sealed once, seq without gaps, verify passes', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => record(`seal.concurrent.${i}`)));
    const v = await verify();
    expect(v).toMatchObject({ ok: true, pending: 0, firstBad: null });
    const rows = await seals();
    expect(rows.filter((r) => r.action.startsWith('seal.concurrent.'))).toHaveLength(20);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
  });

  it('a record is listed at once, and sealed by the writer-triggered sealer without a verify', async () => {
    await record('seal.listed');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit?action=seal.listed',
      headers: { ...bearer(admin), 'x-organization-id': org },
    });
    expect(res.json().data).toHaveLength(1);
    await expect
      .poll(async () => (await seals()).some((r) => r.action === 'seal.listed'), { timeout: 5_000 })
      .toBe(true);
  });

  it.skipIf(testDbKind() !== 'postgres')(
    "an open transaction's record goes in with its COMMIT: it holds back no seal and is sealed after the records committed before it (decision 1205)",
    async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let started!: () => void;
      const recorded = new Promise<void>((r) => (started = r));
      const slow = t.database.db.transaction(async (tx) => {
        await t.app.hangar.audit.record(tx, { organizationId: org, action: 'seal.slow', resource: { type: 'test' } });
        started();
        await gate;
      });
      await recorded;
      await record('seal.fast');
      const meanwhile = await verify();
      expect(meanwhile).toMatchObject({ ok: true, pending: 0, firstBad: null });
      const before = (await seals()).map((r) => r.action);
      expect(before).toContain('seal.fast');
      expect(before).not.toContain('seal.slow');
      release();
      await slow;
      expect(await verify()).toMatchObject({ ok: true, pending: 0, firstBad: null });
      const order = (await seals()).map((r) => r.action);
      expect(order.indexOf('seal.slow')).toBeGreaterThan(order.indexOf('seal.fast'));
    },
  );

  it('a failed write leaves no record to seal; a deleted sealed record is named', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await t.app.hangar.audit.record(tx, {
          organizationId: org,
          action: 'seal.rolled-back',
          resource: { type: 'test' },
        });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow();
    expect((await verify()).ok).toBe(true);
    expect((await seals()).some((r) => r.action === 'seal.rolled-back')).toBe(false);
    // The last record with its seal, one in the middle, then the chain's first one: each named by its seq.
    const last = (await seals()).at(-1)!;
    await t.database.db.execute(sql`DELETE FROM audit_seals WHERE chain = ${org} AND seq = ${last.seq}`);
    await t.database.db.execute(sql`DELETE FROM audit_records WHERE action = ${last.action} AND chain = ${org}`);
    expect(await verify()).toMatchObject({ ok: false, firstBad: { seq: last.seq } });
    for (const seq of [5, 1]) {
      const victim = (await seals()).find((r) => r.seq === seq)!;
      await t.database.db.execute(sql`DELETE FROM audit_records WHERE action = ${victim.action} AND chain = ${org}`);
      expect(await verify()).toMatchObject({ ok: false, firstBad: { seq } });
    }
  });
});
