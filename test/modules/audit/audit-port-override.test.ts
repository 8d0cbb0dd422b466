import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/kernel/audit.js';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';

/**
 * `auditPort` (decision 1189): the audit bench's second app records every write through the port it is
 * given, registers no response-level recorder, and so writes nothing to the audit log itself.
 */
let t: TestApp;
const entries: AuditEntry[] = [];

beforeAll(async () => {
  t = await buildTestApp({}, undefined, undefined, {
    auditPort: {
      record: async (_tx, entry) => {
        entries.push(entry);
      },
    },
  });
});
afterAll(() => t.close());

describe('an app built with its own audit port (the audit bench)', () => {
  it('records through the given port and writes no audit record itself', async () => {
    const token = await t.adminToken();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: bearer(token),
      payload: { name: 'Port override', slug: 'port-override' },
    });
    expect(created.statusCode).toBe(201);
    // A refused write: the response-level recorder would record its failure; it is not registered.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: bearer(token),
      payload: { name: '' },
    });
    expect(refused.statusCode).toBe(400);

    // The sign-in behind the token and the registration below went through the given port.
    const user = await t.newUser('port');
    expect(user.token).toBeTruthy();
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['auth.sign-in', 'auth.register']));
    const rows = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_records`);
    expect(rows.rows[0]!.n).toBe(0);
  });
});
