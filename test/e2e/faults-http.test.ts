import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { App } from '../../src/kernel/types.js';
import { createTestDatabase, testConfig } from '../helpers/app.js';

/**
 * Requests from the outside: a body that never completes is cut off by REQUEST_TIMEOUT_S, and
 * behind a reverse proxy (TRUST_PROXY=true) the client address is the one the proxy appended to
 * X-Forwarded-For, not the leftmost value a client writes itself. The rate limiter keys on that
 * address, so a client forging X-Forwarded-For must still be limited.
 */
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let app: App;
let appPort: number;
let proxy: Server;
let proxyUrl: string;

/** A minimal reverse proxy, as nginx with `proxy_add_x_forwarded_for` behaves: it appends the peer address. */
function startReverseProxy(targetPort: number): Promise<Server> {
  const server = createServer((req, res) => {
    const forwarded = req.headers['x-forwarded-for'];
    const chain = [forwarded, req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = httpRequest(
      {
        host: '127.0.0.1',
        port: targetPort,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, 'x-forwarded-for': chain },
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  db = await createTestDatabase('postgres');
  app = await buildApp(testConfig({ TRUST_PROXY: 'true', AUTH_RATE_LIMIT: 'on', REQUEST_TIMEOUT_S: '1' }), {
    database: db.handle,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  appPort = (app.server.address() as AddressInfo).port;
  proxy = await startReverseProxy(appPort);
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((r) => proxy?.close(r));
  await app?.close();
  await db?.drop();
});

describe('TRUST_PROXY behind a reverse proxy', () => {
  it('a client forging X-Forwarded-For is still rate limited by its real address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await fetch(`${proxyUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: JSON.stringify({ username: 'nobody-here', password: 'Wrong-passw0rd' }),
      });
      statuses.push(res.status);
    }
    // Five per minute per client (decision 605): the forged leftmost values do not make new clients.
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('REQUEST_TIMEOUT_S', () => {
  it('closes a request whose body never completes', async () => {
    const started = Date.now();
    const outcome = await new Promise<{ answer: string }>((resolve) => {
      const socket = connect(appPort, '127.0.0.1', () => {
        socket.write(
          'POST /api/v1/auth/refresh HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"user',
        );
      });
      let answer = '';
      socket.on('data', (d) => (answer += String(d)));
      socket.on('error', () => {});
      socket.on('close', () => resolve({ answer }));
      // Far beyond the timeout: without one the socket would stay open and this test time out.
      setTimeout(() => socket.destroy(), 15_000).unref();
    });
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('keeps serving ordinary requests', async () => {
    expect((await fetch(`http://127.0.0.1:${appPort}/health`)).status).toBe(200);
  });
});
