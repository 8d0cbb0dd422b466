import { randomBytes } from 'node:crypto';
import type { BenchContext, BenchRow, Scenario } from '../lib.js';
import { KIND_GROUPS, KINDS } from '../../src/modules/catalog/catalog.kinds.js';
import { catalogRepository, type NewComponentRow } from '../../src/modules/catalog/catalog.repository.js';

const CHUNK = 1000;
const LIFECYCLES = ['experimental', 'production', 'deprecated'] as const;

/** Inserts components [from, to) in chunks of 1000 rows (one INSERT each), kinds cycling over the table. */
async function seed(ctx: BenchContext, tag: string, from: number, to: number): Promise<string[]> {
  const ids: string[] = [];
  for (let start = from; start < to; start += CHUNK) {
    const rows: NewComponentRow[] = [];
    for (let i = start; i < Math.min(to, start + CHUNK); i++) {
      rows.push({
        name: `bench-${tag}-${String(i).padStart(6, '0')}`,
        kind: KINDS[i % KINDS.length]!,
        owner: `team-${i % 50}`,
        lifecycle: LIFECYCLES[i % LIFECYCLES.length]!,
        description: `bench component ${i}`,
        tags: ['bench', `t${i % 10}`],
        annotations: { 'hangar.io/bench': tag },
      });
    }
    const inserted = await catalogRepository.insertMany(ctx.database.db, rows);
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** Average wall-clock ms of the repository list query (no HTTP, no cache): what a cache miss costs. */
async function queryMs(ctx: BenchContext, kinds: readonly string[] | undefined, runs = 20): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < runs; i++) await catalogRepository.list(ctx.database.db, { kinds }, (i * 20) % 200, 20);
  return Math.round(((performance.now() - started) / runs) * 100) / 100;
}

/** Seeding bypasses the service, so one write through the API drops cached pages of the smaller catalog. */
async function invalidateCache(ctx: BenchContext, headers: Record<string, string>) {
  const res = await fetch(`${ctx.baseUrl}/api/v1/catalog/components`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `bench-invalidate-${randomBytes(4).toString('hex')}`, kind: 'service' }),
  });
  if (res.status !== 201) throw new Error(`catalog create failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  await fetch(`${ctx.baseUrl}/api/v1/catalog/components/${id}`, { method: 'DELETE', headers });
}

async function measure(ctx: BenchContext, label: string, sampleId: string): Promise<BenchRow[]> {
  const headers = { authorization: `Bearer ${ctx.adminToken}` };
  await invalidateCache(ctx, headers);
  const rows: BenchRow[] = [];
  const cases: [string, string][] = [
    [`catalog list take=20 (${label} components)`, '/api/v1/catalog/components?take=20'],
    [`catalog list take=20 kindGroup=infra (${label} components)`, '/api/v1/catalog/components?take=20&kindGroup=infra'],
    [`catalog get by id (${label} components)`, `/api/v1/catalog/components/${sampleId}`],
  ];
  for (const [scenario, path] of cases) {
    const r = await ctx.load({ path, headers, durationS: 5 });
    rows.push({
      scenario,
      database: ctx.kind,
      rps: r.rps,
      p50Ms: r.p50Ms,
      p99Ms: r.p99Ms,
      note: `HTTP, catalog cache per CACHE_TTL${r.non2xx ? `; ${r.non2xx} non-2xx` : ''}`,
    });
  }
  for (const [scenario, kinds] of [
    [`catalog list query uncached (${label} components)`, undefined],
    [`catalog list query uncached kindGroup=infra (${label} components)`, KIND_GROUPS.infra],
  ] as const) {
    const ms = await queryMs(ctx, kinds);
    rows.push({ scenario, database: ctx.kind, seconds: ms / 1000, note: `repository page + count, mean of 20 runs (${ms} ms)` });
  }
  return rows;
}

export const catalogScenario: Scenario = async (ctx) => {
  const tag = randomBytes(3).toString('hex');
  const rows: BenchRow[] = [];

  let started = performance.now();
  const ids = await seed(ctx, tag, 0, 10_000);
  rows.push({ scenario: 'catalog seed 10k components (bulk insert)', database: ctx.kind, seconds: (performance.now() - started) / 1000 });
  rows.push(...(await measure(ctx, '10k', ids[Math.floor(ids.length / 2)]!)));

  started = performance.now();
  ids.push(...(await seed(ctx, tag, 10_000, 100_000)));
  rows.push({ scenario: 'catalog seed +90k components (bulk insert)', database: ctx.kind, seconds: (performance.now() - started) / 1000 });
  rows.push(...(await measure(ctx, '100k', ids[Math.floor(ids.length / 2)]!)));
  return rows;
};

export default catalogScenario;
