import { randomBytes } from 'node:crypto';
import type { BenchContext, BenchRow, Scenario } from '../lib.js';
import { sql } from 'drizzle-orm';
import { iacRuns } from '../../src/db/schema/index.js';
import { iacRepository } from '../../src/modules/iac/iac.repository.js';

const NODES = 10_000;
const EDGES = 20_000;
const RUNS = 50_000;

async function post(ctx: BenchContext, path: string, body: unknown) {
  const res = await fetch(ctx.baseUrl + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${ctx.env.IAC_INGEST_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return res;
}

/** The id of stack `name` in `environment`, created through the import endpoint. */
async function createStack(ctx: BenchContext, name: string, environment: string): Promise<string> {
  await post(ctx, '/api/v1/iac/stacks/import', { stacks: [{ name, environment, provider: 'engine_a' }] });
  const res = await fetch(`${ctx.baseUrl}/api/v1/iac/stacks?environment=${environment}`, {
    headers: { authorization: `Bearer ${ctx.adminToken}` },
  });
  const stacks = (await res.json()) as { id: string; name: string }[];
  return stacks.find((s) => s.name === name)!.id;
}

/** One-shot: a 10,000-node / 20,000-edge topology over HTTP (JSON parse, validation, replacement). */
async function topology(ctx: BenchContext, tag: string): Promise<BenchRow[]> {
  const stackId = await createStack(ctx, `bench-topology-${tag}`, `bench-${tag}`);
  const resources = Array.from({ length: NODES }, (_, i) => ({
    address: `module.app.cloud_a_instance.web[${i}]`,
    type: 'cloud_a_instance',
    provider: 'registry.example/hashicorp/cloud_a',
    name: 'web',
  }));
  // i -> i+1 and i -> i+2 (mod NODES): EDGES distinct directed edges.
  const dependencies = Array.from({ length: EDGES }, (_, i) => ({
    sourceAddress: resources[i % NODES]!.address,
    targetAddress: resources[((i % NODES) + (i < NODES ? 1 : 2)) % NODES]!.address,
  }));
  const rows: BenchRow[] = [];
  for (const label of ['first ingestion', 'replacement']) {
    const started = performance.now();
    await post(ctx, `/api/v1/iac/stacks/${stackId}/resources/ingest`, { resources, dependencies });
    rows.push({
      scenario: `iac topology ingest 10k nodes + 20k edges over HTTP (${label})`,
      database: ctx.kind,
      seconds: (performance.now() - started) / 1000,
      note: 'one POST, ~3.3 MB JSON',
    });
  }
  const started = performance.now();
  const res = await fetch(`${ctx.baseUrl}/api/v1/iac/stacks/${stackId}/resources`, {
    headers: { authorization: `Bearer ${ctx.adminToken}` },
  });
  await res.arrayBuffer();
  rows.push({
    scenario: 'iac topology read 10k nodes + 20k edges over HTTP',
    database: ctx.kind,
    seconds: (performance.now() - started) / 1000,
  });
  return rows;
}

/** The runs list of a stack holding 50,000 runs (seeded in bulk), under HTTP load. */
async function runsList(ctx: BenchContext, tag: string): Promise<BenchRow[]> {
  const name = `bench-runs-${tag}`;
  const environment = `bench-${tag}`;
  const stackId = await createStack(ctx, name, environment);
  const started = performance.now();
  // Set-based bulk insert, 5,000 rows per INSERT: one minute apart from 2030-01-01, a mix of types/statuses.
  const CHUNK = 5000;
  for (let from = 0; from < RUNS; from += CHUNK) {
    await ctx.database.db.execute(sql`
      INSERT INTO ${iacRuns} (stack_id, stack_name, environment, provider, type, status, changes_add, changes_change, changes_destroy,
                              triggered_by, pipeline_url, started_at, finished_at, duration_ms)
      SELECT ${stackId}::uuid, ${name}, ${environment}, 'engine_a',
             CASE WHEN i % 3 = 0 THEN 'apply' ELSE 'plan' END, CASE WHEN i % 10 = 0 THEN 'failed' ELSE 'succeeded' END,
             i % 7, i % 5, i % 3, 'bench', 'https://ci.example/runs/' || i,
             timestamptz '2030-01-01T00:00:00Z' + i * interval '1 minute',
             timestamptz '2030-01-01T00:00:30Z' + i * interval '1 minute', 30000
      FROM generate_series(${from}::int, ${Math.min(RUNS, from + CHUNK) - 1}::int) AS i`);
  }
  await iacRepository.refreshAfterBulkRuns(ctx.database.db, stackId, RUNS);
  // What autovacuum would do after 50k inserts on a server; the embedded database has no autovacuum.
  await ctx.database.db.execute(sql`ANALYZE ${iacRuns}`);
  const out: BenchRow[] = [
    {
      scenario: 'iac seed 50k runs of one stack (bulk insert)',
      database: ctx.kind,
      seconds: (performance.now() - started) / 1000,
    },
  ];
  const headers = { authorization: `Bearer ${ctx.adminToken}` };
  for (const [label, path] of [
    ['page=1&limit=20', `/api/v1/iac/stacks/${stackId}/runs?page=1&limit=20`],
    ['page=100&limit=100', `/api/v1/iac/stacks/${stackId}/runs?page=100&limit=100`],
  ]) {
    const r = await ctx.load({ path: path!, headers, durationS: 5 });
    out.push({
      scenario: `iac runs list ${label} (stack with 50k runs)`,
      database: ctx.kind,
      rps: r.rps,
      p50Ms: r.p50Ms,
      p99Ms: r.p99Ms,
      note: `HTTP; index page + stored run count${r.non2xx ? `; ${r.non2xx} non-2xx` : ''}`,
    });
  }
  return out;
}

const iacScenario: Scenario = async (ctx) => {
  const tag = randomBytes(3).toString('hex');
  return [...(await topology(ctx, tag)), ...(await runsList(ctx, tag))];
};

export default iacScenario;
