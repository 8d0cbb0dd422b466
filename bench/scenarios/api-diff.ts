import { randomBytes } from 'node:crypto';
import { components } from '../../src/db/schema/index.js';
import { stripeResources, stripeShaped } from '../../test/modules/api-specs/stripe-shaped.js';
import type { BenchContext, BenchRow, Scenario } from '../lib.js';

/**
 * Issue 21's targets on two generated Stripe-shaped documents of ~4 MB ("2021-06" and "2022-04"
 * shapes: operations added and removed, schema properties changed, anyOf changes, cyclic
 * expandable schemas): registration < 1 s each, an uncached diff < 1 s with an answer < 1 MB, the
 * server's RSS < 400 MB through ten such diffs, GET /health p99 < 50 ms meanwhile, identical 4 MB
 * documents < 50 ms.
 */
const round = (ms: number) => Math.round(ms) / 1000;
const pct = (sorted: number[], p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! * 10) / 10;

/** Runs `work` while GET /health is probed one request after another and RSS is sampled. */
async function whileProbing<T>(ctx: BenchContext, work: () => Promise<T>) {
  let running = true;
  const latencies: number[] = [];
  let rss = process.memoryUsage().rss;
  const probe = (async () => {
    while (running) {
      const t0 = performance.now();
      await fetch(`${ctx.baseUrl}/health`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - t0);
      rss = Math.max(rss, process.memoryUsage().rss);
    }
  })();
  try {
    return { value: await work(), latencies, rss: () => rss };
  } finally {
    running = false;
    await probe;
    latencies.sort((a, b) => a - b);
  }
}

const apiDiffScenario: Scenario = async (ctx) => {
  const rows: BenchRow[] = [];
  const headers = { authorization: `Bearer ${ctx.adminToken}`, 'content-type': 'application/json' };
  const [component] = await ctx.database.db
    .insert(components)
    .values({ name: `bench-stripe-${randomBytes(3).toString('hex')}`, kind: 'service' })
    .returning({ id: components.id });
  const post = async (spec: string, version: string) => {
    const res = await fetch(`${ctx.baseUrl}/api/v1/catalog/components/${component!.id}/api-specs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'stripe-shaped', version, spec }),
    });
    if (res.status !== 201) throw new Error(`registration answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return ((await res.json()) as { id: string }).id;
  };
  const diff = async (id: string, compareWith: string) => {
    const t0 = performance.now();
    const res = await fetch(`${ctx.baseUrl}/api/v1/api-specs/${id}/diff?compareWith=${compareWith}`, { headers });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`diff answered ${res.status}: ${text.slice(0, 200)}`);
    const body = JSON.parse(text) as { totalChanges: number; breakingChanges: number };
    return { ms, bytes: Buffer.byteLength(text), ...body };
  };

  const n = stripeResources(4_000_000);
  const variant = (revision: 0 | 1, k: number) => {
    const doc = stripeShaped(n, revision) as { info: { version: string } };
    doc.info.version += `-${k}`; // other bytes (another SHA-256), the same API
    return JSON.stringify(doc);
  };
  // Warm-up (unmeasured): the worker threads start and compile the validators on first use.
  await post(variant(0, 99), 'warm-up');

  const bases: string[] = [];
  const revisions: string[] = [];
  for (const [label, revision, list, count] of [
    ['2021-06', 0, bases, 2],
    ['2022-04', 1, revisions, 5],
  ] as const) {
    for (let k = 0; k < count; k++) {
      const text = variant(revision, k);
      const run = await whileProbing(ctx, async () => {
        const t0 = performance.now();
        const id = await post(text, `${label}-${k}`);
        return { id, ms: performance.now() - t0 };
      });
      list.push(run.value.id);
      if (k === 0) {
        rows.push({
          scenario: `api diff: register a ${(text.length / 1e6).toFixed(1)} MB Stripe-shaped spec (${label}) + GET /health`,
          database: ctx.kind,
          seconds: round(run.value.ms),
          p50Ms: pct(run.latencies, 50),
          p99Ms: pct(run.latencies, 99),
          note: `${run.latencies.length} health probes (p50/p99 are theirs)`,
        });
      }
    }
  }

  // Ten uncached diffs (every pair distinct), one after another, /health probed and RSS sampled meanwhile.
  const pairs = bases.flatMap((b) => revisions.map((r) => [r, b] as const));
  const run = await whileProbing(ctx, async () => {
    const out = [];
    for (const [r, b] of pairs) out.push(await diff(r, b));
    return out;
  });
  const times = run.value.map((d) => d.ms).sort((a, b) => a - b);
  const first = run.value[0]!;
  rows.push({
    scenario: 'api diff: 2021-06 vs 2022-04 shape, uncached (first of ten)',
    database: ctx.kind,
    seconds: round(first.ms),
    note: `${first.totalChanges} entries, ${first.breakingChanges} breaking, answer ${(first.bytes / 1024).toFixed(0)} KiB`,
  });
  rows.push({
    scenario: 'api diff: ten uncached diffs + GET /health',
    database: ctx.kind,
    seconds: round(times.at(-1)!),
    p50Ms: pct(run.latencies, 50),
    p99Ms: pct(run.latencies, 99),
    note: `slowest diff (median ${round(times[5]!).toFixed(2)} s); largest answer ${(Math.max(...run.value.map((d) => d.bytes)) / 1024).toFixed(0)} KiB; max RSS ${(run.rss() / 2 ** 20).toFixed(0)} MiB; ${run.latencies.length} health probes`,
  });
  const cached = await diff(pairs[0]![0], pairs[0]![1]);
  rows.push({ scenario: 'api diff: the same pair again (cached)', database: ctx.kind, seconds: round(cached.ms) });

  // Identical 4 MB documents: the same bytes registered twice answer an empty diff at once.
  const again = await post(variant(0, 0), '2021-06-0-again');
  const same = await diff(again, bases[0]!);
  rows.push({
    scenario: 'api diff: identical 4 MB documents',
    database: ctx.kind,
    seconds: round(same.ms),
    note: `${same.totalChanges} entries; RSS after ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
  });
  return rows;
};

export default apiDiffScenario;
