import { sql } from 'drizzle-orm';
import { compactFacetCounts } from '../../src/modules/catalog/catalog.facet-counts.js';
import { percentile, type BenchContext, type BenchRow, type Scenario } from '../lib.js';

/**
 * The portal's server side at scale (PostgreSQL only): `BENCH_PORTAL_COMPONENTS` (default 250,000)
 * components seeded in one INSERT … SELECT FROM generate_series, then, over HTTP on loopback, one
 * request at a time (what one person's browser does):
 * - a filter change of the catalog table: the first page and the facets side by side, each filter
 *   combination asked once, so no cache answers it;
 * - search p50/p95 over a mix of exact names, prefixes, common and rare words, phrases, typos and
 *   partial words (search has no cache).
 * Goals (issue 19): filter change well under 300 ms, search p95 ≤ 100 ms.
 * (bench/scenarios/portal-catalog.ts measures the same catalog in Chromium.)
 */
const COMPONENTS = Number(process.env.BENCH_PORTAL_COMPONENTS ?? 250_000);
const ROUNDS = 3;
const SEED_CHUNK = 5_000;

const W1 = [
  'audio',
  'billing',
  'catalog',
  'delivery',
  'events',
  'feeds',
  'gateway',
  'history',
  'identity',
  'journal',
  'ledger',
  'media',
].concat([
  'notify',
  'orders',
  'payments',
  'quotes',
  'ratings',
  'search',
  'shipping',
  'tax',
  'users',
  'vault',
  'wallet',
  'xray',
]);
const W2 = [
  'api',
  'service',
  'worker',
  'web',
  'sync',
  'store',
  'proxy',
  'router',
  'indexer',
  'scheduler',
  'exporter',
  'importer',
  'cache',
].concat(
  [
    'adapter',
    'bridge',
    'console',
    'engine',
    'hub',
    'agent',
    'monitor',
    'reporter',
    'resolver',
    'tracker',
    'validator',
    'writer',
    'reader',
  ],
  ['builder', 'checker', 'loader', 'mapper', 'planner'],
);
const arr = (words: string[]) => sql.raw(`ARRAY[${words.map((w) => `'${w}'`).join(',')}]`);

async function seed(ctx: BenchContext) {
  // 5,000 rows per statement: each stays inside the server's statement and query timeouts even on a loaded machine.
  for (let from = 1; from <= COMPONENTS; from += SEED_CHUNK) {
    const to = Math.min(COMPONENTS, from + SEED_CHUNK - 1);
    await ctx.database.db.execute(sql`
      INSERT INTO components (name, namespace, entity_kind, kind, type, title, owner, system, lifecycle, description, tags)
      SELECT w.a || '-' || w.b || '-' || lpad(i::text, 6, '0'), 'default',
        CASE WHEN i % 10 = 0 THEN 'API' ELSE 'Component' END,
        CASE WHEN i % 10 = 0 THEN 'api' ELSE (ARRAY['service','library','website','database','queue','pipeline'])[1 + i % 6] END,
        CASE WHEN i % 10 = 0 THEN 'openapi' ELSE (ARRAY['service','library','website'])[1 + i % 3] END,
        initcap(w.a) || ' ' || w.b || ' ' || i,
        'team-' || (i % 400), 'system-' || (i % 1000),
        (ARRAY['experimental','production','deprecated'])[1 + i % 3],
        'Handles ' || w.a || ' ' || w.b || ' requests for the ' || w.c || ' platform' || CASE WHEN i % 50000 = 7 THEN ' with quasar tuning' ELSE '' END,
        ARRAY['t' || (i % 40), w.a]
      FROM generate_series(${from}::int, ${to}::int) AS i,
        LATERAL (SELECT (${arr(W1)})[1 + i % ${W1.length}] AS a, (${arr(W2)})[1 + (i / ${W1.length}) % ${W2.length}] AS b,
                        (${arr(W1)})[1 + (i * 7) % ${W1.length}] AS c) AS w`);
  }
  // The seed bypasses the service, which queues the fold of the facet-count deltas after a write
  // (decision 181): fold them here, as that job would, before measuring.
  await compactFacetCounts(ctx.database.db);
  await ctx.database.db.execute(sql`VACUUM ANALYZE components`);
  await ctx.database.db.execute(sql`VACUUM ANALYZE catalog_facet_counts`);
  await ctx.database.db.execute(sql`VACUUM ANALYZE search_words`);
}

/** To a tenth of a millisecond. */
const percentileMs = (values: number[], p: number) => Math.round(percentile(values, p) * 10) / 10;

/** Sends the requests side by side; the time until the last answer, and each one's own. */
async function timedEach(ctx: BenchContext, paths: string[]) {
  const started = performance.now();
  const each = await Promise.all(
    paths.map(async (p) => {
      const res = await fetch(ctx.baseUrl + p, { headers: { authorization: `Bearer ${ctx.adminToken}` } });
      if (res.status !== 200) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - started;
    }),
  );
  return { all: performance.now() - started, each };
}

const timed = async (ctx: BenchContext, paths: string[]) => (await timedEach(ctx, paths)).all;

/** A filter change: the first page and the facets of a filter combination nobody asked before. */
async function filterChanges(ctx: BenchContext, label: string, queries: string[]): Promise<BenchRow> {
  const ms: number[] = [];
  const list: number[] = [];
  const facets: number[] = [];
  for (const q of queries) {
    const filters = q.replace(/(^|&)sort=[^&]*/g, '');
    const { all, each } = await timedEach(ctx, [
      `/api/v1/catalog/components?take=50&${q}`,
      `/api/v1/catalog/facets?${filters}`,
    ]);
    ms.push(all);
    list.push(each[0]!);
    facets.push(each[1]!);
  }
  return {
    scenario: `portal server: catalog filter change, ${label} (${COMPONENTS} components)`,
    database: ctx.kind,
    p50Ms: percentileMs(ms, 50),
    p99Ms: percentileMs(ms, 99),
    note:
      `list (50 rows) + facets side by side, uncached, ${ms.length} filter sets; p95 ${percentileMs(ms, 95)} ms, max ${Math.round(Math.max(...ms))} ms; ` +
      `list alone p50/p95 ${percentileMs(list, 50)}/${percentileMs(list, 95)} ms, facets alone ${percentileMs(facets, 50)}/${percentileMs(facets, 95)} ms`,
  };
}

const SEARCHES = [
  ...['payments-api-000010', 'ledger-store-001234', 'search-indexer-010000'], // exact names
  ...['payments-ap', 'billing-w', 'gate', 'xray-mon', 'led'], // prefixes
  ...['payments', 'scheduler', 'platform', 'shipping monitor', 'quasar'], // words, common and rare
  ...['"tax tracker"', '"wallet bridge requests"'], // phrases
  ...['paymnets', 'shiping', 'scheduelr', 'idenity', 'ledgr-store'], // typos
  ...['ndexer', 'chedul', 'allet', 'ortal'], // partial words
];

async function search(ctx: BenchContext): Promise<BenchRow> {
  const ms: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const q of SEARCHES) ms.push(await timed(ctx, [`/api/v1/search?q=${encodeURIComponent(q)}&take=5`]));
  }
  return {
    scenario: `portal server: search, all kinds (${COMPONENTS} components)`,
    database: ctx.kind,
    p50Ms: percentileMs(ms, 50),
    p99Ms: percentileMs(ms, 99),
    note: `${SEARCHES.length} queries (exact, prefix, words, phrases, typos, partial words) x ${ROUNDS}; p95 ${percentileMs(ms, 95)} ms, max ${Math.round(Math.max(...ms))} ms`,
  };
}

const portalServerScenario: Scenario = async (ctx) => {
  if (ctx.kind !== 'postgres') return []; // the 250,000-component goals are PostgreSQL's
  const started = performance.now();
  await seed(ctx);
  const rows: BenchRow[] = [
    {
      scenario: `portal server: seed ${COMPONENTS} components (generate_series)`,
      database: ctx.kind,
      seconds: (performance.now() - started) / 1000,
    },
  ];
  // Warm-up (not measured): the first request of a route compiles its schemas and loads the catalog model.
  await timed(ctx, [
    '/api/v1/catalog/components?take=1&owner=warm-up',
    '/api/v1/catalog/facets?owner=warm-up',
    '/api/v1/search?q=warm-up',
  ]);
  const teams = Array.from({ length: 20 }, (_, i) => i * 17 + 3);
  rows.push(await filterChanges(ctx, 'none (first page)', ['sort=name', 'sort=-name', 'sort=-updatedAt']));
  rows.push(
    await filterChanges(
      ctx,
      'owner',
      teams.map((t) => `owner=team-${t}`),
    ),
  );
  rows.push(
    await filterChanges(
      ctx,
      'lifecycle + tag',
      teams.map((t, i) => `lifecycle=${['production', 'deprecated'][i % 2]}&tag=t${t % 40}`),
    ),
  );
  rows.push(
    await filterChanges(
      ctx,
      'kind + owner + q',
      teams.map((t) => `kind=service&owner=team-${t}&q=payments`),
    ),
  );
  rows.push(await search(ctx));
  return rows;
};

export default portalServerScenario;
