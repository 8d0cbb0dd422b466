import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/db/client.js';
import { bearer, buildTestApp, createTestDatabase, testDbKind, uniq, type TestApp } from '../../helpers/app.js';
import { TEST_DATABASE_URL } from '../../helpers/test-env.js';

/**
 * The sealer's horizon is the chain's own writers (decisions 1100–1102), on real PostgreSQL: an
 * unrelated transaction left open on the same server holds nothing back (the regression that took
 * decisions 1090–1094 out), and two processes with their own pools and sealers share one chain.
 */
const postgres = testDbKind() === 'postgres';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let second: DatabaseHandle;
let a: TestApp;
let b: TestApp;
let admin: string;

const newOrg = async () => {
  const res = await a.app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: bearer(admin),
    payload: { name: 'Seal pg org', slug: uniq('sealpg').toLowerCase() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const verify = async (t: TestApp, org: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/audit/verify',
    headers: { ...bearer(admin), 'x-organization-id': org },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ok: boolean; checked: number; pending: number; firstBad: unknown };
};
const seals = async (org: string) =>
  (
    await a.database.db.execute<{ action: string; seq: number }>(sql`
      select r.action, s.seq::int as seq from audit_seals s join audit_records r on r.id = s.record_id
      where s.chain = ${org} order by s.seq`)
  ).rows;
const record = (t: TestApp, org: string, action: string) =>
  t.database.db.transaction((tx) =>
    t.app.hangar.audit.record(tx, { organizationId: org, action, resource: { type: 'test' } }),
  );
/** A transaction on its own connection, left open with a transaction id (what held the old horizon back). */
async function openTransaction(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query('select pg_current_xact_id()');
  return {
    client,
    async end() {
      await client.query('rollback');
      await client.end();
    },
  };
}

beforeAll(async () => {
  if (!postgres) return;
  db = await createTestDatabase('postgres');
  a = await buildTestApp({}, db);
  // A second "process": its own pool, app and sealer over the same database.
  second = await openDatabase({ databaseUrl: db.url, dataDir: '', poolSize: 5 });
  b = await buildTestApp({}, { handle: second, url: db.url, drop: async () => {} });
  admin = await a.adminToken();
}, 120_000);
afterAll(async () => {
  if (!postgres) return;
  await b?.close();
  await second?.close();
  await a?.close();
  await db?.drop();
});

describe.skipIf(!postgres)('audit sealing is bounded by the chain, not the server (decisions 1100–1102)', () => {
  it('unrelated transactions left open (another database of the server, this database) hold no seal back', async () => {
    const org = await newOrg();
    const elsewhere = await openTransaction(TEST_DATABASE_URL);
    const here = await openTransaction(db.url);
    try {
      await record(a, org, 'sealpg.while-others-open');
      // The writer-triggered sealer, without a verify.
      await expect
        .poll(async () => (await seals(org)).some((r) => r.action === 'sealpg.while-others-open'), { timeout: 5_000 })
        .toBe(true);
      await record(a, org, 'sealpg.verified');
      expect(await verify(a, org)).toMatchObject({ ok: true, pending: 0, firstBad: null });
    } finally {
      await here.end();
      await elsewhere.end();
    }
  });

  it("another organization's writer left open holds its own chain only", async () => {
    const [org, other] = [await newOrg(), await newOrg()];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const inserted = new Promise<void>((r) => (started = r));
    const open = a.database.db.transaction(async (tx) => {
      await a.app.hangar.audit.record(tx, {
        organizationId: other,
        action: 'sealpg.other',
        resource: { type: 'test' },
      });
      started();
      await gate;
    });
    await inserted;
    try {
      await record(a, org, 'sealpg.mine');
      expect(await verify(a, org)).toMatchObject({ ok: true, pending: 0, firstBad: null });
      expect((await seals(org)).map((r) => r.action)).toContain('sealpg.mine');
    } finally {
      release();
      await open;
    }
    expect(await verify(a, other)).toMatchObject({ ok: true, pending: 0, firstBad: null });
  });

  it('two processes writing one chain without pause: seals keep up meanwhile, one seq each, no gap', async () => {
    const org = await newOrg();
    const until = Date.now() + 2_000;
    let written = 0;
    let sealedWhileWriting = 0;
    const writer = (t: TestApp, w: number) => async () => {
      for (let i = 0; Date.now() < until; i++) {
        await record(t, org, `sealpg.two.${w}.${i}`);
        written++;
      }
    };
    const watcher = async () => {
      while (Date.now() < until - 200) {
        await new Promise((r) => setTimeout(r, 100));
        sealedWhileWriting = (await seals(org)).length;
      }
    };
    await Promise.all([...[0, 1, 2, 3].map((w) => writer(w % 2 ? b : a, w)()), watcher()]);
    // The fence is queued ahead of new writers (they wait behind it), so it is never starved.
    expect(sealedWhileWriting).toBeGreaterThan(0);
    const v = await verify(b, org);
    expect(v).toMatchObject({ ok: true, pending: 0, firstBad: null, checked: written });
    const rows = await seals(org);
    expect(new Set(rows.map((r) => r.action)).size).toBe(written);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
  });
});
