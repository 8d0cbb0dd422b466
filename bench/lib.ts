import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.js';
import type { App } from '../src/kernel/types.js';

const CLOCK_TICK_MS = 10; // USER_HZ is 100 on Linux

/** One measured line of BENCHMARKS.md. */
export interface BenchRow {
  scenario: string;
  database: 'pglite' | 'postgres';
  /** requests per second (HTTP load), or undefined for one-shot timings */
  rps?: number;
  p50Ms?: number;
  p99Ms?: number;
  /** one-shot wall-clock seconds (e.g. a bulk ingestion) */
  seconds?: number;
  note?: string;
}

export interface BenchContext {
  database: DatabaseHandle;
  /** The running app: its services and event bus, for scenarios that measure below HTTP (audit, webhooks). */
  app: App;
  kind: 'pglite' | 'postgres';
  baseUrl: string;
  adminToken: string;
  /** Bench-only settings the app was started with (e.g. IAC_INGEST_TOKEN). */
  env: Record<string, string>;
  /** HTTP load on loopback with autocannon: bounded in time, returns rps and latency percentiles. */
  load(opts: {
    path: string;
    method?: 'GET' | 'POST';
    body?: string;
    headers?: Record<string, string>;
    durationS?: number;
    connections?: number;
  }): Promise<{ rps: number; p50Ms: number; p99Ms: number; non2xx: number }>;
}

/** A bench scenario: seeds what it needs (repository layer is fine) and measures. */
export type Scenario = (ctx: BenchContext) => Promise<BenchRow[]>;

export async function load(baseUrl: string, opts: Parameters<BenchContext['load']>[0]) {
  const result = await autocannon({
    url: baseUrl + opts.path,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: { 'content-type': 'application/json', ...(opts.headers ?? {}) },
    duration: opts.durationS ?? 5,
    connections: opts.connections ?? 10,
  });
  return {
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
  };
}

/** True when `wrk` (Debian package wrk) is on PATH: a load generator in its own process, in C. */
export function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk --version prints its banner and exits 1; only a missing binary is ENOENT.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/**
 * The same load from `wrk` in a separate process, so the server has its core to itself and the
 * generator's own work is not counted against the server (autocannon runs in the server's thread).
 */
export function loadWithWrk(baseUrl: string, opts: Parameters<BenchContext['load']>[0]) {
  const args = ['-t1', `-c${opts.connections ?? 10}`, `-d${opts.durationS ?? 5}s`, '--latency'];
  for (const [name, value] of Object.entries(opts.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(baseUrl + opts.path);
  return new Promise<{ rps: number; p50Ms: number; p99Ms: number; non2xx: number }>((resolve, reject) => {
    execFile('wrk', args, { timeout: ((opts.durationS ?? 5) + 30) * 1000 }, (err, stdout) => {
      if (err) return reject(err);
      const ms = (line: string) => {
        const m = new RegExp(`^\\s*${line}\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(stdout);
        if (!m) return NaN;
        const v = Number(m[1]);
        return Math.round((m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v) * 100) / 100;
      };
      resolve({
        rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN)),
        p50Ms: ms('50%'),
        p99Ms: ms('99%'),
        non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0),
      });
    });
  });
}

/** The median (the mean of the two middle values of an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

export const round2 = (x: number) => Math.round(x * 100) / 100;

/** Processor time (ms, user + system) of a process or thread, from its `/proc/…/stat`; throws if it is gone. */
export function procCpuMs(statFile: string): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const stat = readFileSync(statFile, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * CLOCK_TICK_MS;
}

/** The nearest-rank percentile: the smallest value with at least p % of the values at or below it. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** HTTP load on each `[scenario, path]` in turn (5 s each), one BenchRow a path; `note` names what is special. */
export async function loadEach(
  ctx: BenchContext,
  cases: [scenario: string, path: string][],
  opts: { headers: Record<string, string>; connections?: number; note?: string },
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [scenario, path] of cases) {
    const r = await ctx.load({ path, headers: opts.headers, durationS: 5, connections: opts.connections });
    const note = r.non2xx ? `${r.non2xx} non-2xx` : opts.note;
    rows.push({ scenario, database: ctx.kind, rps: r.rps, p50Ms: r.p50Ms, p99Ms: r.p99Ms, note });
  }
  return rows;
}

/** `count` plain components named `<prefix>-<random tag>-000001…` in one statement: the catalog a hot-path scenario reads. */
export async function insertBenchComponents(ctx: BenchContext, prefix: string, count: number, description: string) {
  const tag = Math.random().toString(36).slice(2, 8);
  await ctx.database.db.execute(sql`
    INSERT INTO components (name, kind, description, tags)
    SELECT ${`${prefix}-${tag}-`} || lpad(g::text, 6, '0'), 'service', ${description} || ' ' || g, ARRAY['bench']
    FROM generate_series(1, ${count}::int) g`);
}
