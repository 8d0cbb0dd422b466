import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server on port 0 that answers like a real platform; `hang` makes it never answer. */
export interface FakeServer {
  url: string;
  /** Every request seen: method, path with query, headers (for asserting auth and crumbs). */
  requests: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  hang: boolean;
  close(): Promise<void>;
}

export type FakeHandler = (req: IncomingMessage & { body: string }, res: ServerResponse, url: URL) => unknown;

export async function startFakeServer(handler: FakeHandler): Promise<FakeServer> {
  const state: FakeServer = { url: '', requests: [], hang: false, close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      state.requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body });
      if (state.hang) return; // never answers: the client's timeout must fire
      const url = new URL(req.url ?? '/', 'http://fake');
      Promise.resolve(handler(Object.assign(req, { body }), res, url)).catch(() => {
        res.statusCode = 500;
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

/** A port nothing listens on (for "unreachable"). */
export async function closedPort(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
