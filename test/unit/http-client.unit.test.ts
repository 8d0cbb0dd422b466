import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadGateway, NotFound, Unavailable } from '../../src/kernel/errors.js';
import { HttpClient, UpstreamRefused, upstreamError } from '../../src/integrations/http.js';

/** The one HTTP helper of every adapter, against a local server answering each failure it maps. */
let server: Server;
let base: string;
const seen: { headers: IncomingMessage['headers']; body: string; url: string }[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ headers: req.headers, body, url: req.url! });
      const path = req.url!.split('?')[0];
      const status = Number(/^\/status\/(\d+)/.exec(path!)?.[1] ?? 200);
      if (path === '/hang') return; // accepts and never answers
      if (path === '/text') return res.end('plain');
      if (path === '/broken') return res.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ok: status < 400, secret: 'upstream-body-secret' }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const client = (timeoutMs = 2000) =>
  new HttpClient({
    system: 'Example CI',
    baseUrl: base + '/',
    timeoutMs,
    headers: () => ({ authorization: 'Bearer t0ken' }),
  });

describe('HttpClient', () => {
  it('sends auth headers, JSON bodies and query parameters, and parses JSON', async () => {
    const body = await client().post<{ ok: boolean }>('/status/200', {
      json: { a: 1 },
      query: { q: 'x y', many: ['1', '2'], skip: undefined },
    });
    expect(body.ok).toBe(true);
    const last = seen.at(-1)!;
    expect(last.headers.authorization).toBe('Bearer t0ken');
    expect(last.headers['content-type']).toBe('application/json');
    expect(JSON.parse(last.body)).toEqual({ a: 1 });
    expect(last.url).toBe('/status/200?q=x+y&many=1&many=2');
    expect(await client().get('/text', { as: 'text' })).toBe('plain');
  });

  it('maps 401/403 to a refused credential (502), 404 to NotFound, 5xx to Unavailable, other 4xx to 502', async () => {
    for (const [status, type] of [
      [401, UpstreamRefused],
      [403, UpstreamRefused],
      [404, NotFound],
      [500, Unavailable],
      [503, Unavailable],
      [422, BadGateway],
    ] as const) {
      const err: Error = await client()
        .get(`/status/${status}`)
        .then(() => new Error('no error'))
        .catch((e: Error) => e);
      expect(err).toBeInstanceOf(type);
      expect(err.message).toContain('Example CI');
      expect(err.message).not.toContain('upstream-body-secret');
      expect(err.message).not.toContain('t0ken');
    }
    const refused: any = await client()
      .get('/status/401')
      .catch((e: any) => e);
    expect(refused.statusCode).toBe(502);
  });

  it('answers an accepted status as a value', async () => {
    const res = await client().request('GET', '/status/404', { accept: [404] });
    expect(res.status).toBe(404);
  });

  it('times out a server that never answers (503 naming the system) and an unreachable one', async () => {
    const hung: any = await client(300)
      .get('/hang')
      .catch((e: any) => e);
    expect(hung).toBeInstanceOf(Unavailable);
    expect(hung.message).toMatch(/Example CI did not answer in time/);
    const closed: any = await new HttpClient({ system: 'Gone', baseUrl: 'http://127.0.0.1:1' })
      .get('/x')
      .catch((e: any) => e);
    expect(closed).toBeInstanceOf(Unavailable);
    expect(closed.message).toMatch(/Gone is unreachable/);
  });

  it('reports an unreadable answer as 502 and honours the caller signal', async () => {
    expect(
      await client()
        .get('/broken')
        .catch((e: any) => e),
    ).toBeInstanceOf(BadGateway);
    const ac = new AbortController();
    const pending = client(5000)
      .get('/hang', { signal: ac.signal })
      .catch((e: any) => e);
    ac.abort(new Error('cancelled by caller'));
    expect(((await pending) as any).message).toBe('cancelled by caller');
  });

  it('upstreamError maps SDK statuses the same way', () => {
    expect(upstreamError('ECR', 403)).toBeInstanceOf(UpstreamRefused);
    expect(upstreamError('ECR', 404)).toBeInstanceOf(NotFound);
    expect(upstreamError('ECR', 502)).toBeInstanceOf(Unavailable);
  });
});
