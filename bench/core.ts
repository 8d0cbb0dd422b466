import { hash } from '@node-rs/argon2';
import { users } from '../src/db/schema/index.js';
import type { Scenario } from './lib.js';

/** Foundation: sign-in (argon2id verify + token issue) and an authenticated paginated list. */
const core: Scenario = async (ctx) => {
  const passwordHash = await hash('BenchUserPassw0rd');
  const rows = Array.from({ length: 1000 }, (_, i) => ({
    username: `bench-user-${i}`,
    email: `bench-user-${i}@hangar.test`,
    displayName: `Bench User ${i}`,
    passwordHash,
  }));
  await ctx.database.db.insert(users).values(rows).onConflictDoNothing();
  const auth = { authorization: `Bearer ${ctx.adminToken}` };
  const list = await ctx.load({ path: '/api/v1/auth/users?skip=500&take=20', headers: auth });
  const login = await ctx.load({
    path: '/api/v1/auth/login',
    method: 'POST',
    body: JSON.stringify({ username: 'bench-user-7', password: 'BenchUserPassw0rd' }),
  });
  return [
    {
      scenario: 'GET /auth/users?take=20 (1,000 users, JWT)',
      database: ctx.kind,
      ...list,
      note: list.non2xx ? `${list.non2xx} non-2xx` : undefined,
    },
    {
      scenario: 'POST /auth/login (argon2id)',
      database: ctx.kind,
      ...login,
      note: login.non2xx ? `${login.non2xx} non-2xx` : 'bounded by argon2id cost, by design',
    },
  ];
};
export default core;
