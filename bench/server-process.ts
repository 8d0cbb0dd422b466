import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { prepareEmbeddedDatabase } from '../src/db/embedded-init.js';
import { projectRoot } from '../src/kernel/paths.js';
import { procCpuMs } from './lib.js';

/**
 * The built server (`dist/src/server.js`, as `npm start` runs it) in a process of its own, for
 * scenarios whose figures are the server's alone: its RSS (VmRSS, and VmHWM: the peak) and its CPU
 * time (whole process and main thread) come from /proc, so neither the load generator nor the
 * bench's own in-process database is counted, and CPU time does not depend on the machine's load.
 * PGlite runs as in production: a migrated data folder (prepared once by the server's own
 * first-start path, then copied per run); PostgreSQL gets a database of its own.
 */
export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** CPU time (ms) of the whole process and of its main thread (the event loop) so far. */
  cpu(): { totalMs: number; mainMs: number };
  /** Resident memory now and at its peak (MiB). */
  memory(): { rssMiB: number; peakMiB: number };
  stop(): Promise<void>;
}

const statusKiB = (pid: number, field: string) =>
  Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/** The migrated embedded database, made once per migration set and reused by later runs. */
async function pgliteFolder(): Promise<string> {
  const template = join(tmpdir(), 'hangar-bench-pglite-template');
  await prepareEmbeddedDatabase(template); // no-op when the folder holds the newest migration
  const dir = mkdtempSync(join(tmpdir(), 'hangar-bench-pglite-'));
  cpSync(template, dir, { recursive: true });
  return dir;
}

export async function startServerProcess(
  kind: 'pglite' | 'postgres',
  admin: { username: string; email: string; password: string },
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  // The build script is plain JavaScript (no types): imported by URL.
  const { buildServer } = (await import(pathToFileURL(join(projectRoot, 'scripts', 'build.mjs')).href)) as {
    buildServer(o: { quiet: boolean }): Promise<boolean>;
  };
  await buildServer({ quiet: true });
  let cleanup: () => Promise<void>;
  const serverEnv: Record<string, string> = {};
  if (kind === 'pglite') {
    const dir = await pgliteFolder();
    serverEnv.DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const base =
      process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `${process.env.BENCH_DB_PREFIX ?? 'hangar_bench'}_server_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    serverEnv.DATABASE_URL = url.toString();
    cleanup = async () => {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  }
  const port = Number(process.env.BENCH_SERVER_PORT ?? 0) || (await freePort());
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (workers included).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, join(projectRoot, 'dist', 'src', 'server.js')], {
    cwd: tmpdir(), // no .env of the project is read
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: 'off',
      HOST: '127.0.0.1',
      PORT: String(port),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ADMIN_USERNAME: admin.username,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      ...serverEnv,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const pid = child.pid!;
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server process exited with ${child.exitCode}`);
    const up = await fetch(`${baseUrl}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error('the server process did not answer /health within 300 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    pid,
    cpu: () => ({ totalMs: procCpuMs(`/proc/${pid}/stat`), mainMs: procCpuMs(`/proc/${pid}/task/${pid}/stat`) }),
    memory: () => ({ rssMiB: statusKiB(pid, 'VmRSS') / 1024, peakMiB: statusKiB(pid, 'VmHWM') / 1024 }),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      await cleanup();
    },
  };
}

/** A port the system has just handed out (and taken back): free on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** True where /proc exists (Linux): the figures this module reads. */
export const hasProcFs = () => existsSync('/proc/self/stat');
