import { randomBytes } from 'node:crypto';
import { apiSpecConsumers, apiSpecs, components, teams } from '../../src/db/schema/index.js';
import type { BenchRow, Scenario } from '../lib.js';

const COMPONENTS = 200;
const SPECS_PER_COMPONENT = 10;
const CONSUMERS_PER_SPEC = 10;

const openapi = (paths: number) =>
  `openapi: 3.0.3\ninfo: {title: bench, version: "1"}\npaths:\n` +
  Array.from(
    { length: paths },
    (_, i) => `  /r${i}/{id}:\n    get:\n      parameters:\n        - {name: id, in: path, required: true}\n        - {name: q${i}, in: query}\n`,
  ).join('');

/**
 * API spec reads: 2k specs over 200 components, 20k consumer records; a component's spec list,
 * consumed-apis (direct and through the team, one query over the partial indexes) and a cached diff.
 */
export const apiSpecsScenario: Scenario = async (ctx) => {
  const db = ctx.database.db;
  const tag = randomBytes(3).toString('hex');
  const started = performance.now();
  const [team] = await db
    .insert(teams)
    .values({ name: `bench-specs-${tag}`, type: 'dev' })
    .returning({ id: teams.id });
  const comps = await db
    .insert(components)
    .values(Array.from({ length: COMPONENTS }, (_, i) => ({ name: `bench-specs-${tag}-${i}`, kind: 'service', teamId: i % 10 === 0 ? team!.id : null })))
    .returning({ id: components.id });
  const small = openapi(20);
  const bigger = openapi(40);
  const specs = await db
    .insert(apiSpecs)
    .values(
      comps.flatMap((c, ci) =>
        Array.from({ length: SPECS_PER_COMPONENT }, (_, i) => ({
          componentId: c.id,
          name: `api-${ci}`,
          version: `1.${i}.0`,
          format: 'openapi',
          spec: i % 2 ? bigger : small,
        })),
      ),
    )
    .returning({ id: apiSpecs.id });
  for (let start = 0; start < specs.length; start += 100) {
    const rows = specs
      .slice(start, start + 100)
      .flatMap((s, si) =>
        Array.from({ length: CONSUMERS_PER_SPEC }, (_, k) => ({ apiSpecId: s.id, consumerComponentId: comps[(start + si + k * 17) % comps.length]!.id })),
      );
    await db.insert(apiSpecConsumers).values(rows).onConflictDoNothing();
  }
  await db.insert(apiSpecConsumers).values(specs.slice(0, 50).map((s) => ({ apiSpecId: s.id, consumerTeamId: team!.id })));
  const rows: BenchRow[] = [{ scenario: 'seed 2k specs, 20k consumers', database: ctx.kind, seconds: Math.round((performance.now() - started) / 10) / 100 }];
  const headers = { authorization: `Bearer ${ctx.adminToken}` };
  const cases: [string, string][] = [
    ['component api-specs list (10 specs)', `/api/v1/catalog/components/${comps[3]!.id}/api-specs`],
    ['consumed-apis (direct + team)', `/api/v1/catalog/components/${comps[0]!.id}/consumed-apis`],
    ['api-spec by id (raw content)', `/api/v1/api-specs/${specs[1]!.id}`],
    ['diff 20 vs 40 paths (cached)', `/api/v1/api-specs/${specs[1]!.id}/diff?compareWith=${specs[0]!.id}`],
  ];
  for (const [scenario, path] of cases) {
    const r = await ctx.load({ path, headers, durationS: 5 });
    rows.push({ scenario, database: ctx.kind, rps: r.rps, p50Ms: r.p50Ms, p99Ms: r.p99Ms, note: r.non2xx ? `${r.non2xx} non-2xx` : undefined });
  }
  return rows;
};

export default apiSpecsScenario;
