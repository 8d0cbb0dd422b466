import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, uniq, type TestApp } from '../../helpers/app.js';

/**
 * Slow remotes (issue 9): syncs against a git server that accepts and never answers hold no
 * database connection (the test database pool has 5), and each ends at GIT_TIMEOUT_S with a 400
 * that quotes no connection diagnostics.
 */
let t: TestApp;
let auth: Record<string, string>;
let port: number;
const sockets: net.Socket[] = [];
const silent = net.createServer((s) => sockets.push(s));

beforeAll(async () => {
  port = await new Promise<number>((r) =>
    silent.listen(0, '127.0.0.1', () => r((silent.address() as net.AddressInfo).port)),
  );
  t = await buildTestApp({ GIT_ALLOWED_HOSTS: '127.0.0.1', GIT_TIMEOUT_S: '3' });
  auth = bearer((await t.newUser('iacremote')).token);
}, 60_000);

afterAll(async () => {
  sockets.forEach((s) => s.destroy());
  silent.close();
  await t?.close();
});

describe('syncs against a remote that never answers', () => {
  it('do not pin database connections, and time out with a 400 without diagnostics', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/iac-modules',
        headers: auth,
        payload: { name: uniq('slow'), provider: 'generic', sourceRepoUrl: `http://127.0.0.1:${port}/m${i}.git` },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const started = Date.now();
    const syncs = ids.map((id) =>
      t.app.inject({ method: 'POST', url: `/api/v1/iac-modules/${id}/sync`, headers: auth }),
    );
    let syncsAnswered = 0;
    for (const sync of syncs) void sync.then(() => syncsAnswered++);
    await new Promise((r) => setTimeout(r, 500));
    // Eight syncs in flight, five connections in the pool: a read answers while they all still wait on
    // the remote (a pinned pool would hold it until the first sync timed out). An order, not a time.
    const list = await t.app.inject({ url: '/api/v1/iac-modules', headers: auth });
    expect(list.statusCode).toBe(200);
    expect(syncsAnswered).toBe(0);
    for (const res of await Promise.all(syncs)) {
      const body = expectError(res, 400);
      expect(body.message).toBe('Could not list the tags of the source repository: timed out after 3 s');
    }
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});
