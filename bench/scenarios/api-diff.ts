import { loadavg } from 'node:os';
import { stripeResources, stripeShaped } from '../../test/modules/api-specs/stripe-shaped.js';
import type { BenchContext, BenchRow, Scenario } from '../lib.js';
import { hasProcFs, startServerProcess, type ServerProcess } from '../server-process.js';

/**
 * Issue 21's targets on two generated Stripe-shaped documents of ~4 MB ("2021-06" and "2022-04"
 * shapes: operations added and removed, schema properties changed, anyOf changes, cyclic
 * expandable schemas): registration < 1 s each, an uncached diff < 1 s with an answer < 1 MB, the
 * server's RSS < 400 MB through ten such diffs, GET /health p99 < 50 ms meanwhile, identical 4 MB
 * documents < 50 ms.
 *
 * The server runs built, in a process of its own (bench/server-process.ts, decision 312), as `npm start` runs
 * it: its RSS and CPU time are read from /proc, so the documents this scenario generates and the
 * HTTP client are not counted. CPU time per operation (whole server process, and its main thread)
 * does not depend on the machine's load; each row also names the load average at its end.
 *
 *   BENCH_DATABASES=pglite npm run bench -- api-diff
 *   BENCH_DATABASES=postgres npm run bench -- api-diff
 */
const ADMIN = { username: 'bench-admin', email: 'bench-admin@hangar.test', password: 'BenchPassw0rd' };
const round = (ms: number) => Math.round(ms) / 1000;
const pct = (sorted: number[], p: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! * 10) / 10;
const load = () => `load ${loadavg()[0]!.toFixed(1)}`;

/** Runs `work` while GET /health is probed one request after another and the server's RSS is sampled. */
async function whileProbing<T>(server: ServerProcess, work: () => Promise<T>) {
  let running = true;
  const latencies: number[] = [];
  let rss = server.memory().rssMiB;
  // /proc is read on a timer, not per probe: the sampler must not slow the probes it sits beside.
  const sampler = setInterval(() => (rss = Math.max(rss, server.memory().rssMiB)), 50);
  const probe = (async () => {
    while (running) {
      const t0 = performance.now();
      await fetch(`${server.baseUrl}/health`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - t0);
    }
  })();
  const cpu0 = server.cpu();
  try {
    return { value: await work(), latencies, rss: () => rss, cpu: () => cpuSince(server, cpu0) };
  } finally {
    running = false;
    clearInterval(sampler);
    await probe;
    latencies.sort((a, b) => a - b);
  }
}

function cpuSince(server: ServerProcess, before: { totalMs: number; mainMs: number }) {
  const now = server.cpu();
  return { totalMs: now.totalMs - before.totalMs, mainMs: now.mainMs - before.mainMs };
}
const cpuNote = (c: { totalMs: number; mainMs: number }, n = 1) =>
  `server CPU ${Math.round(c.totalMs / n)} ms (main thread ${Math.round(c.mainMs / n)} ms)${n > 1 ? ' per diff' : ''}`;

async function measure(ctx: BenchContext, server: ServerProcess): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const login = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  const headers = {
    authorization: `Bearer ${((await login.json()) as { token: string }).token}`,
    'content-type': 'application/json',
  };
  const created = await fetch(`${server.baseUrl}/api/v1/catalog/components`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'bench-stripe', kind: 'service' }),
  });
  if (created.status !== 201) throw new Error(`component creation answered ${created.status}`);
  const componentId = ((await created.json()) as { id: string }).id;
  const post = async (body: string) => {
    const res = await fetch(`${server.baseUrl}/api/v1/catalog/components/${componentId}/api-specs`, {
      method: 'POST',
      headers,
      body,
    });
    if (res.status !== 201) throw new Error(`registration answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return ((await res.json()) as { id: string }).id;
  };
  const diff = async (id: string, compareWith: string) => {
    const t0 = performance.now();
    const res = await fetch(`${server.baseUrl}/api/v1/api-specs/${id}/diff?compareWith=${compareWith}`, { headers });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`diff answered ${res.status}: ${text.slice(0, 200)}`);
    const body = JSON.parse(text) as {
      totalChanges: number;
      breakingChanges: number;
      entries: { reaches?: { count: number } }[];
    };
    // The largest entry, and the entry whose change reaches the most operations (issue 30).
    const sizes = body.entries.map((e) => Buffer.byteLength(JSON.stringify(e)));
    const reach = body.entries.map((e) => e.reaches?.count ?? 0);
    const widest = reach.indexOf(Math.max(0, ...reach));
    return {
      ms,
      bytes: Buffer.byteLength(text),
      largestEntry: Math.max(0, ...sizes),
      widest,
      widestCount: reach[widest] ?? 0,
      ...body,
    };
  };
  /** Every operation entry `entry` reaches, paged by GET …/diff/reaches (decision 800). */
  const reachesOf = async (id: string, compareWith: string, entry: number) => {
    const t0 = performance.now();
    let skip = 0;
    let bytes = 0;
    let pages = 0;
    for (;;) {
      const res = await fetch(
        `${server.baseUrl}/api/v1/api-specs/${id}/diff/reaches?compareWith=${compareWith}&entry=${entry}&skip=${skip}&take=1000`,
        {
          headers,
        },
      );
      const text = await res.text();
      if (res.status !== 200) throw new Error(`reaches answered ${res.status}: ${text.slice(0, 200)}`);
      const page = JSON.parse(text) as { data: string[]; total: number };
      bytes += Buffer.byteLength(text);
      pages++;
      skip += page.data.length;
      if (!page.data.length || skip >= page.total)
        return { ms: performance.now() - t0, total: page.total, pages, bytes };
    }
  };

  const n = stripeResources(4_000_000);
  // The request bodies, built before anything is timed.
  const body = (revision: 0 | 1, variant: string, version = variant) => {
    const doc = stripeShaped(n, revision) as { info: { version: string } };
    doc.info.version += `-${variant}`; // other bytes (another SHA-256), the same API
    const spec = JSON.stringify(doc);
    return { size: spec.length, text: JSON.stringify({ name: 'stripe-shaped', version, spec }) };
  };
  // Warm-up (unmeasured): the worker threads start and compile the validators on first use.
  await post(body(0, 'warm-up').text);

  const bases: string[] = [];
  const revisions: string[] = [];
  for (const [label, revision, list, count] of [
    ['2021-06', 0, bases, 2],
    ['2022-04', 1, revisions, 5],
  ] as const) {
    for (let k = 0; k < count; k++) {
      const { size, text } = body(revision, `${label}-${k}`);
      const run = await whileProbing(server, async () => {
        const t0 = performance.now();
        const id = await post(text);
        return { id, ms: performance.now() - t0 };
      });
      list.push(run.value.id);
      if (k === 1) {
        // CPU time of one registration, measured on a second one sent without the health probes.
        const unprobed = body(revision, `${label}-cpu`);
        const before = server.cpu();
        await post(unprobed.text);
        const row = rows.find((r) => r.scenario.includes(`(${label})`))!;
        row.note = `${cpuNote(cpuSince(server, before))} (one registration, no probes); ${row.note}`;
      }
      if (k === 0) {
        rows.push({
          scenario: `api diff: register a ${(size / 1e6).toFixed(1)} MB Stripe-shaped spec (${label}) + GET /health`,
          database: ctx.kind,
          seconds: round(run.value.ms),
          p50Ms: pct(run.latencies, 50),
          p99Ms: pct(run.latencies, 99),
          note: `${run.latencies.length} health probes (p50/p99 are theirs); ${load()}`,
        });
      }
    }
  }

  // CPU time of one uncached diff without the probes: the reverse pair (2022-04 against 2021-06
  // read backwards), the same work, not one of the ten below.
  const cpuBefore = server.cpu();
  await diff(bases[1]!, revisions[4]!);
  const diffCpu = cpuSince(server, cpuBefore);

  // Ten uncached diffs (every pair distinct), one after another, /health probed and RSS sampled meanwhile.
  const pairs = bases.flatMap((b) => revisions.map((r) => [r, b] as const));
  const run = await whileProbing(server, async () => {
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
    note: `${first.totalChanges} entries, ${first.breakingChanges} breaking, answer ${(first.bytes / 1024).toFixed(0)} KiB (largest entry ${first.largestEntry} B); ${cpuNote(diffCpu)} (one uncached diff, no probes); ${load()}`,
  });
  const memory = server.memory();
  rows.push({
    scenario: 'api diff: ten uncached diffs + GET /health',
    database: ctx.kind,
    seconds: round(times.at(-1)!),
    p50Ms: pct(run.latencies, 50),
    p99Ms: pct(run.latencies, 99),
    note:
      `slowest diff (median ${round(times[5]!).toFixed(2)} s); largest answer ${(Math.max(...run.value.map((d) => d.bytes)) / 1024).toFixed(0)} KiB; ` +
      `server RSS max ${run.rss().toFixed(0)} MiB (peak since start ${memory.peakMiB.toFixed(0)} MiB); ` +
      `${cpuNote(run.cpu(), pairs.length)} with the ${run.latencies.length} health probes; ${load()}`,
  });
  const cpuCached = server.cpu();
  const cached = await diff(pairs[0]![0], pairs[0]![1]);
  rows.push({
    scenario: 'api diff: the same pair again (cached)',
    database: ctx.kind,
    seconds: round(cached.ms),
    note: cpuNote(cpuSince(server, cpuCached)),
  });
  const cpuReaches = server.cpu();
  const reached = await reachesOf(pairs[0]![0], pairs[0]![1], cached.widest);
  rows.push({
    scenario: 'api diff: every operation the widest change reaches (GET …/diff/reaches, pages of 1000, cached diff)',
    database: ctx.kind,
    seconds: round(reached.ms),
    note: `${reached.total} operations (the entry names ${Math.min(20, cached.widestCount)}) in ${reached.pages} pages, ${(reached.bytes / 1024).toFixed(0)} KiB; ${cpuNote(cpuSince(server, cpuReaches))}`,
  });

  // Identical 4 MB documents: the same bytes registered twice answer an empty diff at once.
  const again = body(0, '2021-06-0', '2021-06-0-again');
  const againId = await post(again.text);
  const cpuSame = server.cpu();
  const same = await diff(againId, bases[0]!);
  rows.push({
    scenario: 'api diff: identical 4 MB documents',
    database: ctx.kind,
    seconds: round(same.ms),
    note: `${same.totalChanges} entries; ${cpuNote(cpuSince(server, cpuSame))}; server RSS after ${server.memory().rssMiB.toFixed(0)} MiB; ${load()}`,
  });
  return rows;
}

const apiDiffScenario: Scenario = async (ctx) => {
  if (!hasProcFs()) throw new Error('the api-diff scenario reads the server process from /proc (Linux only)');
  const server = await startServerProcess(ctx.kind, ADMIN);
  try {
    return await measure(ctx, server);
  } finally {
    await server.stop();
  }
};

export default apiDiffScenario;
