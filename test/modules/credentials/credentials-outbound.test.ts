import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestDatabase, expectError, type TestApp } from '../../helpers/app.js';

/**
 * Issue 20, item 8, from the outside: URLs admins store in CI/CD credentials are URLs the server
 * calls with the stored token, so the outbound policy applies to them as to any person's URL.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let dev: TestApp;
let prod: TestApp;
let internal: Server;
let port: number;
const seen: IncomingMessage['headers'][] = [];

beforeAll(async () => {
  internal = createServer((req, res) => {
    seen.push(req.headers);
    res.setHeader('content-type', 'application/json');
    res.end('{"items":[],"jobs":[]}');
  });
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  port = (internal.address() as AddressInfo).port;
  db = await createTestDatabase();
  dev = await buildTestApp({}, db);
  prod = await buildTestApp({ OUTBOUND_ALLOW_PRIVATE: 'false' }, db);
});
afterAll(async () => {
  await prod?.close();
  await dev?.close();
  await db?.drop();
  await new Promise<void>((r) => internal.close(() => r()));
});

const METADATA = [
  'http://169.254.169.254/',
  'http://169.254.169.254.',
  'http://0xa9fea9fe/',
  'http://2852039166/',
  'http://0251.0376.0251.0376/',
  'http://[::ffff:169.254.169.254]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[64:ff9b::a9fe:a9fe]/',
  'http://[2002:a9fe:a9fe::]/',
  'http://[fe80::1]/',
  'http://[febf::1]/',
  'http://public.invalid\\@169.254.169.254/',
];

const store = (t: TestApp, token: string, type: string, value: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/integrations/credentials',
    headers: bearer(token),
    payload: { type, name: type, value },
  });

describe('credential URLs under the outbound policy (item 8)', () => {
  it('refuses link-local and metadata addresses in every spelling, for every platform with a url, even from an admin', async () => {
    const admin = await dev.adminToken();
    for (const url of METADATA) {
      expectError(await store(dev, admin, 'gitopscd', { url, token: 'argo-token' }), 400);
      expectError(await store(dev, admin, 'serverci', { url, username: 'u', apiToken: 'jenkins-token' }), 400);
      expectError(await store(dev, admin, 'hostedci', { url, token: 'travis-token' }), 400);
    }
  });

  it('in production refuses loopback and private addresses too, and a stored one is never called with the token', async () => {
    const admin = await prod.adminToken();
    for (const url of [
      `http://127.0.0.1:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      `http://2130706433:${port}`,
      'http://10.0.0.1',
      'http://[fd00::1]',
    ]) {
      expectError(await store(prod, admin, 'serverci', { url, username: 'u', apiToken: 'jenkins-token' }), 400);
    }
    // One stored while the setting allowed it (the dev app shares the database) is refused at call time.
    expect(
      (
        await store(dev, await dev.adminToken(), 'serverci', {
          url: `http://127.0.0.1:${port}`,
          username: 'u',
          apiToken: 'jenkins-token',
        })
      ).statusCode,
    ).toBe(201);
    const member = (await prod.newUser('credout')).token;
    const res = await prod.app.inject({ url: '/api/v1/serverci/jobs', headers: bearer(member) });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('jenkins-token');
    expect(seen).toEqual([]);
  });
});
