import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: http.IncomingHttpHeaders;
  body: string;
  json(): any;
}

export interface FakeReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Raw text body (instead of JSON). */
  text?: string;
}

export interface FakeServer {
  url: string;
  port: number;
  requests: FakeRequest[];
  close(): Promise<void>;
}

/** A local HTTP server on port 0 answering through `handle` (for the fake upstreams of contract tests). */
export async function startFakeServer(
  handle: (req: FakeRequest) => FakeReply | Promise<FakeReply>,
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const fr: FakeRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://fake'),
        headers: req.headers,
        body,
        json: () => JSON.parse(body || 'null'),
      };
      requests.push(fr);
      Promise.resolve()
        .then(() => handle(fr))
        .then(
          (reply) => {
            const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
            res.writeHead(reply.status, {
              'content-type': reply.text !== undefined ? 'text/plain' : 'application/json',
              ...reply.headers,
            });
            res.end(text);
          },
          (err: Error) => {
            res.writeHead(500, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: String(err.message) }));
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
