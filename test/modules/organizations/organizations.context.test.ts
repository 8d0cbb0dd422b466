import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/kernel/auth.js';
import { resolveOrganizationContext } from '../../../src/modules/organizations/index.js';
import { bearer, buildTestApp, type TestApp } from '../../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const request = (header?: string) => header;
const actorOf = (u: { id: string; username: string }, isAdmin = false): Actor => ({
  kind: 'user',
  userId: u.id,
  username: u.username,
  roles: isAdmin ? ['user', 'admin'] : ['user'],
  isAdmin,
});
const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { statusCode?: number }) => e.statusCode ?? 500,
  );

describe('X-Organization-Id (decision 603)', () => {
  it('members get the id; outsiders 403 (also for an unknown id); admins any existing one (404 unknown); no header null; 400 malformed', async () => {
    const [owner, outsider] = await Promise.all([t.newUser('ctxown'), t.newUser('ctxout')]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers: bearer(owner.token),
      payload: { name: 'Ctx', slug: `ctx-${Date.now()}` },
    });
    const orgId = res.json().id as string;
    const db = t.database.db;
    const admin = actorOf({ id: randomUUID(), username: 'root' }, true);

    expect(await resolveOrganizationContext(db, actorOf(owner), request(orgId))).toBe(orgId);
    expect(await resolveOrganizationContext(db, actorOf(outsider), request())).toBeNull();
    expect(await resolveOrganizationContext(db, actorOf(outsider), request('  '))).toBeNull();
    expect(await statusOf(resolveOrganizationContext(db, actorOf(outsider), request(orgId)))).toBe(403);
    expect(await statusOf(resolveOrganizationContext(db, actorOf(outsider), request(randomUUID())))).toBe(403);
    expect(await resolveOrganizationContext(db, admin, request(orgId))).toBe(orgId);
    expect(await statusOf(resolveOrganizationContext(db, admin, request(randomUUID())))).toBe(404);
    expect(await statusOf(resolveOrganizationContext(db, actorOf(owner), request('nope')))).toBe(400);
  });
});
