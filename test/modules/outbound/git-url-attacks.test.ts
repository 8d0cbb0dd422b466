import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectError, type TestApp } from '../../helpers/app.js';

/**
 * Issue 20, item 1, from the outside: the WHATWG parser ends the authority of
 * `http://public.invalid\@127.0.0.1:<port>/x` at `\` and sees host `public.invalid`; git and curl
 * read `public.invalid\` as user information and connect to 127.0.0.1. A TCP listener on loopback
 * stands in for the internal host and counts connections.
 */
let t: TestApp;
let internal: Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  internal = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((r) => internal.listen(0, '127.0.0.1', r));
  port = (internal.address() as AddressInfo).port;
  t = await buildTestApp({ GIT_ALLOW_FILE_URLS: 'false' });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => internal.close(() => r()));
});

describe('git URLs with characters parsers disagree on (item 1)', () => {
  it('refuses the backslash form (400) and never connects to the internal host', async () => {
    const admin = bearer(await t.adminToken());
    const urls = [
      `http://public.invalid\\@127.0.0.1:${port}/x`,
      `https://public.invalid\\@127.0.0.1:${port}/x.git`,
      `http://public.invalid\\\\@127.0.0.1:${port}/x`,
      `http://public.invalid%5C@127.0.0.1:${port}/x`,
      `http://127.0.0.1:${port}\\@public.invalid/x`,
      `http://[::ffff:127.0.0.1]:${port}/x`,
      `http://2130706433:${port}/x`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/catalog/locations',
        headers: admin,
        payload: { url },
      });
      expectError(res, 400);
    }
    const template = await t.app.inject({
      method: 'POST',
      url: '/api/v1/service-templates',
      headers: admin,
      payload: {
        name: 'bs-template',
        language: 'typescript',
        framework: 'fastify',
        repositoryUrl: `http://public.invalid\\@127.0.0.1:${port}/x`,
      },
    });
    expect(expectError(template, 400).message).toMatch(/repositoryUrl/);
    expect(connections).toBe(0);
  });
});
