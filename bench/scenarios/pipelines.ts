import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { pipelineRuns } from '../../src/db/schema/index.js';
import type { BenchContext, BenchRow, Scenario } from '../lib.js';

/**
 * The run engine: latency from trigger to the first stage starting with 50 triggers at once,
 * throughput of 200 one-stage `true` runs, and a stage printing 100,000 lines (PIPELINE_CONCURRENCY
 * and PIPELINE_LOG_MAX_BYTES at their defaults).
 */
const TERMINAL = ['succeeded', 'failed', 'cancelled'] as const;

async function api(ctx: BenchContext, method: string, path: string, body?: unknown) {
  const res = await fetch(`${ctx.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${ctx.adminToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

const pipeline = (ctx: BenchContext, command: string) =>
  api(ctx, 'POST', '/api/v1/pipelines', {
    name: `bench-${randomBytes(4).toString('hex')}`,
    stages: [{ id: 's', type: 'script', config: { command } }],
  }) as Promise<{ id: string }>;

async function waitAll(ctx: BenchContext, pipelineId: string, n: number, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const rows = await ctx.database.db
      .select({ id: pipelineRuns.id })
      .from(pipelineRuns)
      .where(and(eq(pipelineRuns.pipelineId, pipelineId), inArray(pipelineRuns.status, [...TERMINAL])));
    if (rows.length >= n) return;
    if (Date.now() > end) throw new Error(`only ${rows.length}/${n} runs finished in time`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const pipelinesScenario: Scenario = async (ctx) => {
  const rows: BenchRow[] = [];

  // 1. Trigger -> first stage start, 50 at once.
  const p1 = await pipeline(ctx, 'true');
  const runs = (await Promise.all(
    Array.from({ length: 50 }, () => api(ctx, 'POST', `/api/v1/pipelines/${p1.id}/trigger`)),
  )) as { id: string }[];
  await waitAll(ctx, p1.id, 50, 120_000);
  const got = await ctx.database.db
    .select()
    .from(pipelineRuns)
    .where(
      inArray(
        pipelineRuns.id,
        runs.map((r) => r.id),
      ),
    );
  const lat = got.map((r) => Date.parse(r.stageResults[0]!.startedAt!) - r.createdAt.getTime()).sort((a, b) => a - b);
  rows.push({
    scenario: 'pipeline trigger -> first stage start (50 at once)',
    database: ctx.kind,
    p50Ms: pct(lat, 50),
    p99Ms: pct(lat, 99),
    note: 'includes queueing behind PIPELINE_CONCURRENCY=2',
  });

  // 2. Throughput: 200 runs of a one-stage `true` pipeline.
  const p2 = await pipeline(ctx, 'true');
  const started = performance.now();
  for (let i = 0; i < 200; i += 50)
    await Promise.all(Array.from({ length: 50 }, () => api(ctx, 'POST', `/api/v1/pipelines/${p2.id}/trigger`)));
  await waitAll(ctx, p2.id, 200, 300_000);
  const s = (performance.now() - started) / 1000;
  rows.push({
    scenario: 'pipeline runs, one `true` stage (200 runs)',
    database: ctx.kind,
    seconds: s,
    note: `${(200 / s).toFixed(1)} runs/s`,
  });

  // 3. A stage printing 100,000 lines.
  const p3 = await pipeline(ctx, 'seq 1 100000');
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  const run = (await api(ctx, 'POST', `/api/v1/pipelines/${p3.id}/trigger`)) as { id: string };
  await waitAll(ctx, p3.id, 1, 300_000);
  const wall = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const done = (await api(ctx, 'GET', `/api/v1/pipelines/${p3.id}/runs/${run.id}`)) as { status: string; logs: string };
  rows.push({
    scenario: 'pipeline stage printing 100,000 lines',
    database: ctx.kind,
    seconds: wall,
    note: `${done.status}; server RSS peak ${Math.round(peak / 2 ** 20)} MiB; log kept ${(Buffer.byteLength(done.logs) / 1024).toFixed(0)} KiB`,
  });
  return rows;
};

export default pipelinesScenario;
