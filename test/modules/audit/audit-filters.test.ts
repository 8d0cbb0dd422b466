import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../../src/modules/audit/audit.views.js';
import { recordId } from '../../../src/modules/audit/audit.append.js';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';

// The list's keyset on `n` and its filters (decision 1211), on both engines.

let t: TestApp;
let admin: string;
let org: string;
let other: string;

type Row = { action: string; at: string; actor: { userId: string | null; username: string | null } };

async function list(query: string, organization: string | null = org) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/audit?${query}`,
    headers: { ...bearer(admin), ...(organization ? { 'x-organization-id': organization } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Row[]; nextCursor: string | null };
}

async function all(query: string, organization: string | null = org): Promise<string[]> {
  const out: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: Row[]; nextCursor: string | null } = await list(
      `${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      organization,
    );
    out.push(...page.data.map((r) => r.action));
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

const newOrg = async (name: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: bearer(admin),
    payload: { name, slug: uniq(name).toLowerCase() },
  });
  return res.json().id as string;
};

const tag = uniq('flt').toLowerCase();
const userId = '00000000-0000-4000-8000-0000000000f1';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.adminToken();
  [org, other] = await Promise.all([newOrg('Filters'), newOrg('Other')]);
  // Six records of `org` one after the other, the first three an hour apart in the past (so `at` runs
  // against `n` for them: the oldest is written last), then one of another organization.
  const hour = 3_600_000;
  const base = Date.now() - 10 * hour;
  const rows = [
    { i: 0, at: base + 2 * hour },
    { i: 1, at: base + hour },
    { i: 2, at: base },
    { i: 3 },
    { i: 4 },
    { i: 5 },
  ];
  // Inserted as the audit module does (the gate trigger sets `n`), with a chosen `at`.
  for (const r of rows)
    await t.database.db.execute(sql`
      insert into audit_records (id, chain, at, organization_id, actor_user_id, actor_username, actor_via, action,
        resource_type, resource_id, outcome)
      values (${recordId()}, ${org}, ${new Date(r.at ?? Date.now()).toISOString()}::timestamptz, ${org}::uuid,
        ${r.i % 3 === 0 ? userId : null}::uuid, ${`${tag}-user-${r.i % 3}`}, 'token', ${`${tag}.${r.i}`},
        'widget', ${`${tag}-res-${r.i % 2}`}, 'success')`);
  await t.database.db.transaction((tx) =>
    t.app.hangar.audit.record(tx, { organizationId: other, action: `${tag}.other`, resource: { type: 'widget' } }),
  );
}, 60_000);
afterAll(async () => t?.close());

describe('audit list: keyset on n and filters', () => {
  it('pages newest first by insertion, across pages, within the organization', async () => {
    expect(await all(`action=${tag}.`)).toEqual([5, 4, 3, 2, 1, 0].map((i) => `${tag}.${i}`));
    expect(await all(`action=${tag}.`, other)).toEqual([`${tag}.other`]);
    // A global admin without an organization reads every chain.
    expect(await all(`action=${tag}.`, null)).toEqual([
      `${tag}.other`,
      ...[5, 4, 3, 2, 1, 0].map((i) => `${tag}.${i}`),
    ]);
  });

  it('filters by actor (id or username) and resource id', async () => {
    expect(await all(`actor=${userId}`)).toEqual([`${tag}.3`, `${tag}.0`]);
    expect(await all(`actor=${tag}-user-1`)).toEqual([`${tag}.4`, `${tag}.1`]);
    expect(await all(`resourceId=${tag}-res-1`)).toEqual([`${tag}.5`, `${tag}.3`, `${tag}.1`]);
    expect(await all(`resourceType=widget&resourceId=${tag}-res-0&actor=${tag}-user-2`)).toEqual([`${tag}.2`]);
  });

  it('filters by from/to, whatever the insertion order of the window', async () => {
    const { data } = await list(`action=${tag}.&limit=10`);
    const at = (i: number) => data.find((r) => r.action === `${tag}.${i}`)!.at;
    // [at(2), at(0)): the records 2 and 1, written after 0; to is exclusive.
    expect(await all(`action=${tag}.&from=${at(2)}&to=${at(0)}`)).toEqual([`${tag}.2`, `${tag}.1`]);
    expect(await all(`action=${tag}.&to=${at(1)}`)).toEqual([`${tag}.2`]);
    expect(await all(`action=${tag}.&from=${at(3)}`)).toEqual([5, 4, 3].map((i) => `${tag}.${i}`));
    expect(await all(`action=${tag}.&from=2001-01-01T00:00:00Z&to=2001-01-02T00:00:00Z`)).toEqual([]);
  });

  it('issues cursors of n and refuses others', async () => {
    expect(decodeCursor(encodeCursor({ n: 123456789 }))).toEqual({ n: 123456789 });
    const old = Buffer.from(`${new Date().toISOString()}|${recordId()}`).toString('base64url');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/audit?cursor=${old}`, headers: bearer(admin) });
    expect(res.statusCode).toBe(400);
  });

  it('makes record ids UUIDv7, in time order', () => {
    const a = recordId(1_700_000_000_000);
    const b = recordId(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
  });
});
