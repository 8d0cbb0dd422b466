import autocannon from 'autocannon';
import type { DatabaseHandle } from '../src/db/client.js';

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
