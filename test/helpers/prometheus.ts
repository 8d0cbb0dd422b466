import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitUntil } from './free-port.js';

export interface PrometheusServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real Prometheus (Debian's `prometheus`, installed by scripts/test.mjs) on a free loopback port,
 * scraping `targets` every second, with its TSDB in a temp folder. `stop()` ends only this process.
 */
export async function startPrometheus(targets: string[]): Promise<PrometheusServer> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'hangar-prometheus-'));
  const config = join(dir, 'prometheus.yml');
  await writeFile(
    config,
    [
      'global:',
      '  scrape_interval: 1s',
      '  evaluation_interval: 1s',
      'scrape_configs:',
      '  - job_name: mesh',
      '    static_configs:',
      `      - targets: [${targets.map((t) => JSON.stringify(t)).join(', ')}]`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=error',
    ],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntil(async () => (await fetch(`${url}/-/ready`)).status === 200, 30_000, 'prometheus to be ready');
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Polls an instant query until it returns at least one sample (scrapes have landed). */
export async function waitForSamples(url: string, query: string, timeoutMs = 30_000) {
  await waitUntil(
    async () => {
      const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(query)}`);
      const body = (await res.json()) as { data?: { result?: unknown[] } };
      return (body.data?.result?.length ?? 0) > 0;
    },
    timeoutMs,
    `samples of ${query}`,
  );
}

export interface Exporter {
  /** `127.0.0.1:<port>` as a scrape target. */
  target: string;
  close(): Promise<void>;
}

/** A small exporter (node:http on port 0) answering `/metrics` in the Prometheus text format from `render()`. */
export async function startExporter(render: () => string): Promise<Exporter> {
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/metrics')) {
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4' });
      res.end(render());
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    target: `127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
