import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, type TestApp } from '../helpers/app.js';
import { waitUntil } from '../helpers/free-port.js';
import { TEST_REDIS_URL } from '../helpers/test-env.js';

/**
 * Slow remotes do not starve the scaffold workers (issue 9): a target that accepts connections and
 * never answers holds a worker slot only until SCAFFOLD_TIMEOUT_S, then the request fails and the
 * next one runs. Runs through BullMQ on Redis, as production does.
 */
const dir = mkdtempSync(join(tmpdir(), 'hangar-jobs-scaffold-'));
let t: TestApp;
let silentPort: number;
const sockets: net.Socket[] = [];
const silent = net.createServer((s) => sockets.push(s));

beforeAll(async () => {
  silentPort = await new Promise<number>((r) =>
    silent.listen(0, '127.0.0.1', () => r((silent.address() as net.AddressInfo).port)),
  );
  t = await buildTestApp({ REDIS_URL: TEST_REDIS_URL, SCAFFOLD_TIMEOUT_S: '2', GIT_ALLOWED_HOSTS: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  sockets.forEach((s) => s.destroy());
  silent.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function scaffold(targetRepository: string) {
  const token = bearer(await t.adminToken());
  const list = await t.app.inject({ url: '/api/v1/service-templates?take=100', headers: token });
  const tpl = list.json().data.find((x: { name: string }) => x.name === 'python-worker');
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/service-templates/${tpl.id}/scaffold`,
    headers: token,
    payload: { targetRepository, variables: { SERVICE_NAME: 'billing-worker', QUEUE_NAME: 'invoices' } },
  });
}

const status = async (id: string) =>
  (await t.app.inject({ url: `/api/v1/scaffold-requests/${id}`, headers: bearer(await t.adminToken()) })).json();

describe('scaffold workers and slow remotes', () => {
  it('a remote that never answers times out and frees its slot; the next request completes', async () => {
    const stuck = await Promise.all([
      scaffold(`http://127.0.0.1:${silentPort}/a.git`),
      scaffold(`http://127.0.0.1:${silentPort}/b.git`),
    ]);
    for (const r of stuck) expect(r.statusCode, r.body).toBe(201);
    const bare = join(dir, 'target.git');
    spawnSync('git', ['init', '--quiet', '--bare', bare]);
    const good = await scaffold(pathToFileURL(bare).href);
    const started = Date.now();
    await waitUntil(async () => (await status(good.json().id)).status === 'completed', 30_000, 'the good scaffold');
    expect(Date.now() - started).toBeLessThan(20_000);
    for (const r of stuck) {
      await waitUntil(
        async () => (await status(r.json().id)).status === 'failed',
        30_000,
        'the stuck scaffold to fail',
      );
      const row = await status(r.json().id);
      expect(row.statusMessage).toMatch(/timed out/);
      expect(row.statusMessage).not.toMatch(/port|refused|connect/i);
    }
  }, 60_000);

  it('refuses a target on a private address with 400 before any connection', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/x.git',
      'http://10.1.2.3/x.git',
      'https://[::1]/x.git',
    ]) {
      expect(expectError(await scaffold(url), 400).message).toMatch(/^targetRepository may not point to/);
    }
  });
});
