import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/index.js';
import { ADMIN, buildTestApp, createTestDatabase, type TestApp } from '../../helpers/app.js';

/**
 * PASSWORD_HASH_PROFILE (decision 1130): the suite's apps hash at argon2id's `test` cost; an app with
 * the default (`standard`) hashes at 19 MiB and two passes. Both read each other's hashes, since
 * verifying takes the cost from the stored hash.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let standard: TestApp;
let cheap: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  standard = await buildTestApp({ PASSWORD_HASH_PROFILE: undefined }, database);
  cheap = await buildTestApp({}, database);
});
afterAll(async () => {
  await cheap.close();
  await standard.close();
  await database.drop();
});

const hashOf = async (username: string) =>
  (await database.handle.db.select().from(users).where(eq(users.username, username)))[0]!.passwordHash!;

describe('password hash profiles', () => {
  it('hashes at the standard cost by default, at the test cost in the suite; each signs in on the other', async () => {
    const byStandard = await standard.newUser('std');
    const byCheap = await cheap.newUser('cheap');
    expect(await hashOf(byStandard.username)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hashOf(byCheap.username)).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    // The admin was bootstrapped by the first app to start: the standard one.
    expect(await hashOf(ADMIN.username)).toMatch(/m=19456,t=2/);
    for (const [app, user] of [
      [cheap, byStandard],
      [standard, byCheap],
    ] as const) {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: user.username, password: user.password },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const wrong = await cheap.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: byStandard.username, password: 'Wr0ngPassword' },
    });
    expect(wrong.statusCode).toBe(401);
  });
});
