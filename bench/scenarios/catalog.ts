import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compactFacetCounts, countComponents } from '../../src/modules/catalog/catalog.facet-counts.js';
import { KINDS, entityKindOf } from '../../src/modules/catalog/catalog.kinds.js';
import {
  catalogRepository,
  type ListFilter,
  type NewComponentRow,
} from '../../src/modules/catalog/catalog.repository.js';
import { toTsquery } from '../../src/modules/catalog/catalog.filter.js';
import type { BenchContext, BenchRow, Scenario } from '../lib.js';
import { measurePermissions, teamMaintainer, type BenchMaintainer } from '../catalog-permissions.js';

/**
 * The catalog at scale: the component page (with and without search and filters) from the first
 * size to the last (default 10,000 then 250,000 components; `BENCH_CATALOG_SIZES=1000,3000` for a
 * quick check), and a git location of `BENCH_LOCATION_ENTITIES` (default 5,000) entities registered
 * through the API. The page should stay flat across sizes; the location under 30 s.
 * `BENCH_SKIP_LOCATION=1` and `BENCH_SKIP_PAGES=1` leave those lines out (the permission pair only).
 */
const SIZES = (process.env.BENCH_CATALOG_SIZES ?? '10000,250000').split(',').map(Number);
const LOCATION_ENTITIES = Number(process.env.BENCH_LOCATION_ENTITIES ?? 5000);
const CHUNK = 1000;
const LIFECYCLES = ['experimental', 'production', 'deprecated'] as const;
const WORDS = [
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
];

/** Components [from, to): varied text (1 in 10,000 carries the rare word the search case looks for). */
async function seed(ctx: BenchContext, tag: string, from: number, to: number) {
  for (let start = from; start < to; start += CHUNK) {
    const rows: NewComponentRow[] = [];
    for (let i = start; i < Math.min(to, start + CHUNK); i++) {
      const kind = KINDS[i % KINDS.length]!;
      const word = WORDS[i % WORDS.length]!;
      rows.push({
        name: `bench-${tag}-${word}-${String(i).padStart(7, '0')}`,
        kind,
        entityKind: entityKindOf(kind),
        type: kind,
        title: `${word} ${kind} ${i}`,
        owner: `team-${i % 50}`,
        system: `system-${i % 200}`,
        lifecycle: LIFECYCLES[i % LIFECYCLES.length]!,
        description: `Handles ${word} for the ${WORDS[(i * 7) % WORDS.length]} platform${i % 10_000 === 42 ? ' with quasar tuning' : ''}`,
        tags: ['bench', `t${i % 10}`],
        annotations: { 'hangar.io/bench': tag },
      });
    }
    await catalogRepository.insertMany(ctx.database.db, rows);
  }
}

const CASES: [string, string, ListFilter][] = [
  ['no filter', '', {}],
  ['q=quasar (rare word)', 'q=quasar', { tsquery: toTsquery('quasar')! }],
  ['q=ledger (common word)', 'q=ledger', { tsquery: toTsquery('ledger')! }],
  ['kind=service', 'kind=service', { kinds: ['service'] }],
  ['owner=team-7', 'owner=team-7', { ownerRef: 'group:default/team-7' }],
  ['tag=t3 lifecycle=production', 'tag=t3&lifecycle=production', { tag: 't3', lifecycle: 'production' }],
  ['sort=-updatedAt', 'sort=-updatedAt', {}],
];

/** Mean ms of page + count straight from the repository (no HTTP, no cache): what a cache miss costs. */
async function queryMs(ctx: BenchContext, filter: ListFilter, sort?: '-updatedAt', runs = 10) {
  const started = performance.now();
  for (let i = 0; i < runs; i++) {
    await Promise.all([
      catalogRepository.page(ctx.database.db, filter, sort, (i * 20) % 200, 20),
      countComponents(ctx.database.db, filter),
    ]);
  }
  return Math.round(((performance.now() - started) / runs) * 100) / 100;
}

/** Seeding bypasses the service, so one write through the API drops cached pages of the smaller catalog. */
async function invalidateCache(ctx: BenchContext) {
  const headers = { authorization: `Bearer ${ctx.adminToken}`, 'content-type': 'application/json' };
  const res = await fetch(`${ctx.baseUrl}/api/v1/catalog/components`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: `bench-invalidate-${randomBytes(4).toString('hex')}`, kind: 'service' }),
  });
  if (res.status !== 201) throw new Error(`catalog create failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  await fetch(`${ctx.baseUrl}/api/v1/catalog/components/${id}`, {
    method: 'DELETE',
    headers: { authorization: headers.authorization },
  });
}

async function measurePage(ctx: BenchContext, size: number): Promise<BenchRow[]> {
  const headers = { authorization: `Bearer ${ctx.adminToken}` };
  const rows: BenchRow[] = [];
  for (const [label, query, filter] of CASES) {
    const r = await ctx.load({ path: `/api/v1/catalog/components?take=20&${query}`, headers, durationS: 5 });
    rows.push({
      scenario: `catalog page ${label} (${size} components)`,
      database: ctx.kind,
      rps: r.rps,
      p50Ms: r.p50Ms,
      p99Ms: r.p99Ms,
      note: `HTTP, cached per CACHE_TTL${r.non2xx ? `; ${r.non2xx} non-2xx` : ''}`,
    });
    const ms = await queryMs(ctx, filter, query.startsWith('sort') ? '-updatedAt' : undefined);
    rows.push({
      scenario: `catalog page query uncached ${label} (${size} components)`,
      database: ctx.kind,
      seconds: ms / 1000,
      note: `page + count, mean of 10 (${ms} ms)`,
    });
  }
  return rows;
}

function git(cwd: string, ...args: string[]) {
  const r = spawnSync(
    'git',
    ['-c', 'user.name=Bench', '-c', 'user.email=bench@hangar.test', '-c', 'init.defaultBranch=main', ...args],
    {
      cwd,
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
}

/** A repository of `n` entities: 50 files of components and APIs, groups and users, behind one all.yaml. */
function locationRepo(n: number, tag: string) {
  const dir = mkdtempSync(join(tmpdir(), 'hangar-bench-location-'));
  git(dir, 'init', '--quiet');
  const files = 50;
  const per = Math.ceil((n - 20) / files);
  const docs = (f: number) =>
    Array.from({ length: per }, (_, j) => {
      const i = f * per + j;
      const api = i % 5 === 0;
      return `apiVersion: backstage.io/v1alpha1
kind: ${api ? 'API' : 'Component'}
metadata:
  name: loc-${tag}-${i}
  title: Location entity ${i}
  description: ${WORDS[i % WORDS.length]} handling
  tags: [bench, t${i % 10}]
  links: [{url: https://example.com/${i}, title: Docs}]
spec:
  type: ${api ? 'graphql' : 'service'}
  lifecycle: production
  owner: group:default/loc-${tag}-team-${i % 10}
  system: loc-${tag}-system
${api ? `  definition: "type Query { n${i}: Int }"` : `  dependsOn: [component:loc-${tag}-${Math.max(0, i - 1)}]\n  providesApis: [loc-${tag}-${i - (i % 5)}]`}
`;
    }).join('---\n');
  mkdirSync(join(dir, 'entities'));
  for (let f = 0; f < files; f++) writeFileSync(join(dir, 'entities', `part-${f}.yaml`), docs(f));
  const org = Array.from(
    { length: 10 },
    (_, g) =>
      `apiVersion: backstage.io/v1alpha1\nkind: Group\nmetadata: {name: loc-${tag}-team-${g}}\nspec: {type: team, children: []}\n---\napiVersion: backstage.io/v1alpha1\nkind: User\nmetadata: {name: loc-${tag}-user-${g}}\nspec: {profile: {email: u${g}@example.com}, memberOf: [loc-${tag}-team-${g}]}\n`,
  ).join('---\n');
  writeFileSync(join(dir, 'org.yaml'), org);
  const targets = ['./org.yaml', ...Array.from({ length: files }, (_, f) => `./entities/part-${f}.yaml`)];
  writeFileSync(
    join(dir, 'all.yaml'),
    `apiVersion: backstage.io/v1alpha1\nkind: Location\nmetadata: {name: all}\nspec:\n  targets:\n${targets.map((t) => `    - ${t}`).join('\n')}\n`,
  );
  git(dir, 'add', '--all');
  git(dir, 'commit', '--quiet', '-m', 'entities');
  return { dir, url: pathToFileURL(dir).href, entities: files * per + 20 };
}

async function measureLocation(ctx: BenchContext, tag: string): Promise<BenchRow[]> {
  const repo = locationRepo(LOCATION_ENTITIES, tag);
  const rows: BenchRow[] = [];
  try {
    for (const pass of ['first registration', 'again, unchanged']) {
      const started = performance.now();
      const res = await fetch(`${ctx.baseUrl}/api/v1/catalog/locations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ctx.adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: repo.url, path: 'all.yaml' }),
      });
      const seconds = (performance.now() - started) / 1000;
      const body = (await res.json()) as {
        created?: unknown[];
        updated?: unknown[];
        unchanged?: unknown[];
        errors?: unknown[];
        message?: string;
      };
      if (res.status !== 201) throw new Error(`location registration failed: ${res.status} ${body.message}`);
      const note = `${repo.entities} entities in 52 files; created ${body.created!.length}, updated ${body.updated!.length}, unchanged ${body.unchanged!.length}, errors ${body.errors!.length}`;
      rows.push({
        scenario: `catalog location of ${repo.entities} entities, ${pass}`,
        database: ctx.kind,
        seconds,
        note,
      });
    }
  } finally {
    rmSync(repo.dir, { recursive: true, force: true });
  }
  return rows;
}

const catalogScenario: Scenario = async (ctx) => {
  const tag = randomBytes(3).toString('hex');
  const rows: BenchRow[] = [];
  if (!process.env.BENCH_SKIP_LOCATION) rows.push(...(await measureLocation(ctx, tag)));
  let maintainer: BenchMaintainer | undefined;
  let seeded = 0;
  for (const size of SIZES) {
    const started = performance.now();
    await seed(ctx, tag, seeded, size);
    rows.push({
      scenario: `catalog seed to ${size} components (bulk insert)`,
      database: ctx.kind,
      seconds: (performance.now() - started) / 1000,
    });
    seeded = size;
    // The maintainer's team is created before the page lines: creating it links its components and
    // drops cached pages, which must not fall inside the permission rounds (decision 1142).
    if (!maintainer) {
      maintainer = await teamMaintainer(ctx, tag);
      await compactFacetCounts(ctx.database.db); // the fold its re-link queued then finds nothing left to do
    }
    // Seeding bypassed the service: drop cached pages of the smaller catalog.
    await ctx.database.db.execute('ANALYZE components');
    await invalidateCache(ctx);
    if (!process.env.BENCH_SKIP_PAGES) rows.push(...(await measurePage(ctx, size)));
    rows.push(...(await measurePermissions(ctx, size, maintainer)));
  }
  return rows;
};

export default catalogScenario;
