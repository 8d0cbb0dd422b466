import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL or Redis that tests control, to inject network faults from
 * the outside: `reset()` drops every open connection (a failover, a restart), `blackhole()` keeps
 * connections open but stops moving bytes either way and leaves new connections hanging (a
 * partition), `refuse()` closes new connections at once (the service is down), `resume()` heals.
 */
export type ProxyMode = 'forward' | 'blackhole' | 'refuse';

export interface TcpProxy {
  readonly port: number;
  readonly host: string;
  /** `proto://user@127.0.0.1:<proxy port>/path` for a target URL. */
  urlFor(targetUrl: string): string;
  reset(): void;
  blackhole(): void;
  refuse(): void;
  resume(): void;
  readonly mode: ProxyMode;
  /** Connections currently open through the proxy. */
  readonly open: number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  const stalled = new Set<Socket>();
  let mode: ProxyMode = 'forward';

  const destroy = (p: Pair) => {
    p.client.destroy();
    p.upstream.destroy();
    pairs.delete(p);
  };

  const server: Server = createServer((client) => {
    client.on('error', () => {});
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    if (mode === 'blackhole') {
      // Accepted, never answered: the client waits until its own timeout.
      stalled.add(client);
      client.pause();
      client.on('close', () => stalled.delete(client));
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    upstream.on('error', () => destroy(pair));
    client.on('error', () => destroy(pair));
    client.on('close', () => destroy(pair));
    upstream.on('close', () => destroy(pair));
    // Forwarded by hand (not pipe) so a black hole can stop both directions mid-stream: paused
    // sockets keep their bytes in the kernel's buffers, as a real partition would.
    client.on('data', (chunk) => upstream.write(chunk));
    upstream.on('data', (chunk) => client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const proxy: TcpProxy = {
    port,
    host: '127.0.0.1',
    urlFor(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    reset() {
      for (const p of [...pairs]) {
        p.client.resetAndDestroy();
        p.upstream.destroy();
        pairs.delete(p);
      }
      for (const s of stalled) s.destroy();
      stalled.clear();
    },
    blackhole() {
      mode = 'blackhole';
      for (const p of pairs) {
        p.client.pause();
        p.upstream.pause();
      }
    },
    refuse() {
      mode = 'refuse';
      proxy.reset();
    },
    resume() {
      mode = 'forward';
      for (const p of pairs) {
        p.client.resume();
        p.upstream.resume();
      }
      // Connections accepted during the black hole never got an upstream: drop them so clients retry.
      for (const s of stalled) s.destroy();
      stalled.clear();
    },
    get mode() {
      return mode;
    },
    get open() {
      return pairs.size;
    },
    async close() {
      proxy.reset();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
