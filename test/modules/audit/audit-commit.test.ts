import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';

/**
 * The record goes in with its transaction's COMMIT on PostgreSQL, and at once on PGlite (decision
 * 1205): either way the change and its record commit together or not at all, and a connection given
 * back to the pool carries nothing into the next transaction.
 */
let t: TestApp;
const org = randomUUID();

const records = async (action: string) =>
  Number(
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from audit_records where chain = ${org} and action = ${action}`,
      )
    ).rows[0]!.n,
  );
const changes = async (tag: string) =>
  Number(
    (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit3_changes where tag = ${tag}`))
      .rows[0]!.n,
  );
/** A change and its record in one transaction; `fail` makes the record's own insert fail (no action). */
const write = (tag: string, opts: { fail?: boolean; throwAfter?: boolean } = {}) =>
  t.database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into audit3_changes (tag) values (${tag})`);
    await t.app.hangar.audit.record(tx, {
      organizationId: org,
      action: (opts.fail ? null : `commit.${tag}`) as string,
      resource: { type: 'test' },
    });
    if (opts.throwAfter) throw new Error('the write failed after its record');
  });

beforeAll(async () => {
  t = await buildTestApp();
  await t.database.db.execute(sql`create table audit3_changes (tag text not null)`);
});
afterAll(() => t.close());

describe('a record committed with its change (decision 1205)', () => {
  it('commits the change and its record together', async () => {
    await write('ok');
    expect(await changes('ok')).toBe(1);
    expect(await records('commit.ok')).toBe(1);
  });

  it('a record that cannot be inserted fails the write: the change does not land', async () => {
    await expect(write('bad', { fail: true })).rejects.toThrow();
    expect(await changes('bad')).toBe(0);
    // The connection is usable and clean afterwards.
    await Promise.all(Array.from({ length: 12 }, (_, i) => write(`after-bad-${i}`)));
    for (let i = 0; i < 12; i++) expect(await records(`commit.after-bad-${i}`)).toBe(1);
  });

  it('a write that fails after its record leaves neither, and the next writes carry nothing of it', async () => {
    await expect(write('rolled', { throwAfter: true })).rejects.toThrow();
    await Promise.all(Array.from({ length: 12 }, (_, i) => write(`next-${i}`)));
    expect(await changes('rolled')).toBe(0);
    expect(await records('commit.rolled')).toBe(0);
    for (let i = 0; i < 12; i++) expect(await records(`commit.next-${i}`)).toBe(1);
  });

  it('two records in one transaction both commit, in order', async () => {
    await t.database.db.transaction(async (tx) => {
      for (const action of ['commit.first', 'commit.second'])
        await t.app.hangar.audit.record(tx, { organizationId: org, action, resource: { type: 'test' } });
    });
    const rows = await t.database.db.execute<{ action: string }>(
      sql`select action from audit_records where chain = ${org} and action like 'commit.%ond' or (chain = ${org} and action = 'commit.first') order by n`,
    );
    expect(rows.rows.map((r) => r.action)).toEqual(['commit.first', 'commit.second']);
  });
});
