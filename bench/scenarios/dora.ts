import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { components, environments, organizations, teams } from '../../src/db/schema/index.js';
import { loadEach, type BenchRow, type Scenario } from '../lib.js';

const DEPLOYMENTS = 100_000;
const INCIDENTS = 20_000;
const CHANGES_PER_DEPLOYMENT = 2;

/**
 * DORA for one organization with 100,000 production deployments over a year (about 25,000 in a
 * 90-day window), 200,000 changes and 20,000 incidents (8,000 linked to the deployment that caused
 * them, 2% of deployments rolled back). The facts are seeded in SQL as the ingest job writes them;
 * what is measured is the metrics and drill-down requests, which are never cached: each one
 * aggregates in SQL (issue 25: under 200 ms for a 90-day window).
 */
const doraScenario: Scenario = async (ctx) => {
  const db = ctx.database.db;
  const tag = randomBytes(3).toString('hex');
  const [org] = await db
    .insert(organizations)
    .values({ name: `bench-dora-${tag}`, slug: `bench-dora-${tag}` })
    .returning({ id: organizations.id });
  const teamRows = await db
    .insert(teams)
    .values(Array.from({ length: 20 }, (_, i) => ({ name: `bench-dora-${tag}-team-${i}`, type: 'team' })))
    .returning({ id: teams.id });
  const comps = await db
    .insert(components)
    .values(
      Array.from({ length: 200 }, (_, i) => ({
        name: `bench-dora-${tag}-${i}`,
        kind: 'service',
        teamId: teamRows[i % 20]!.id,
      })),
    )
    .returning({ id: components.id, teamId: components.teamId });
  const [prod] = await db
    .insert(environments)
    .values({ name: `bench-dora-${tag}-prod`, type: 'production' })
    .returning({ id: environments.id });
  const compIds = `{${comps.map((c) => c.id).join(',')}}`;
  const started = performance.now();
  // In chunks of 10,000: each statement stays well inside the request deadline of the bench's pool.
  for (let first = 1; first <= DEPLOYMENTS; first += 10_000) {
    const last = Math.min(DEPLOYMENTS, first + 9_999);
    await db.execute(sql`
      WITH ins AS (
        INSERT INTO deployments (component_id, environment_id, version, status, created_at, updated_at)
        SELECT (${compIds}::uuid[])[1 + i % 200], ${prod!.id}::uuid, '1.0.' || i, CASE WHEN i % 50 = 0 THEN 'rolled_back' ELSE 'succeeded' END,
          now() - (i * interval '315 seconds') - interval '5 minutes', now() - (i * interval '315 seconds')
        FROM generate_series(${first}::int, ${last}::int) AS i
        RETURNING id, component_id, version, status, updated_at
      ), facts AS (
        INSERT INTO dora_deployments (deployment_id, organization_id, component_id, environment_id, team_id, production, version, revision,
          deployed_at, rolled_back_at, changes_status, change_count)
        SELECT ins.id, ${org!.id}::uuid, ins.component_id, ${prod!.id}::uuid, c.team_id, true, ins.version, md5(ins.version),
          ins.updated_at, CASE WHEN ins.status = 'rolled_back' THEN ins.updated_at + interval '20 minutes' END, 'read', ${CHANGES_PER_DEPLOYMENT}
        FROM ins JOIN components c ON c.id = ins.component_id
        RETURNING deployment_id, organization_id, component_id, environment_id, team_id, deployed_at, version
      )
      INSERT INTO dora_changes (deployment_id, sha, committed_at, organization_id, component_id, environment_id, team_id, production, deployed_at, lead_seconds)
      SELECT f.deployment_id, md5(f.deployment_id::text || k), f.deployed_at - make_interval(secs => lead), f.organization_id, f.component_id,
        f.environment_id, f.team_id, true, f.deployed_at, lead
      FROM facts f CROSS JOIN generate_series(1, ${CHANGES_PER_DEPLOYMENT}) AS k
      -- one change in a hundred is dated two hours after its deployment (a skewed clock)
      CROSS JOIN LATERAL (SELECT CASE WHEN k = 1 AND abs(hashtext(f.version)) % 100 = 0 THEN -7200 ELSE k * 25200 END AS lead) l`);
  }
  await db.execute(sql`
    WITH picked AS (
      SELECT deployment_id, deployed_at, row_number() OVER () AS n FROM dora_deployments
      WHERE organization_id = ${org!.id}::uuid ORDER BY md5(deployment_id::text) LIMIT 8000
    )
    INSERT INTO incidents (title, severity, status, created_at, resolved_at, caused_by_deployment_id)
    SELECT 'bench incident ' || n, 'P2', 'resolved', deployed_at + interval '10 minutes', deployed_at + (n % 300) * interval '1 minute' + interval '15 minutes', deployment_id
    FROM picked`);
  await db.execute(sql`
    INSERT INTO incidents (title, severity, status, created_at, resolved_at)
    SELECT 'bench unlinked incident ' || i, 'P3', 'resolved', now() - i * interval '26 minutes', now() - i * interval '26 minutes' + interval '1 hour'
    FROM generate_series(1, ${INCIDENTS - 8000}) AS i`);
  // Steady state: autovacuum keeps the visibility map and statistics of tables this size current.
  if (ctx.kind === 'postgres')
    await db.execute(sql`VACUUM ANALYZE deployments, dora_deployments, dora_changes, incidents`);
  const rows: BenchRow[] = [
    {
      scenario: `seed DORA facts: ${DEPLOYMENTS} deployments, ${DEPLOYMENTS * CHANGES_PER_DEPLOYMENT} changes, ${INCIDENTS} incidents`,
      database: ctx.kind,
      seconds: Math.round((performance.now() - started) / 10) / 100,
    },
  ];
  const headers = { authorization: `Bearer ${ctx.adminToken}`, 'x-organization-id': org!.id };
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const window90 = `from=${day(90)}&to=${day(0)}`;
  const cases: [string, string][] = [
    ['DORA metrics, organization, 90 days (100k deployments, 20k incidents)', `/api/v1/dora/metrics?${window90}`],
    ['DORA metrics, organization, 365 days', `/api/v1/dora/metrics?from=${day(364)}&to=${day(0)}`],
    ['DORA metrics, team, 90 days', `/api/v1/dora/metrics?scope=team&id=${teamRows[3]!.id}&${window90}`],
    ['DORA metrics, component, 90 days', `/api/v1/dora/metrics?scope=component&id=${comps[7]!.id}&${window90}`],
    [
      'DORA drill-down failed deployments, 90 days, take=20',
      `/api/v1/dora/drilldown/deployments?failed=true&take=20&${window90}`,
    ],
    [
      'DORA drill-down skewed changes, 90 days, take=20',
      `/api/v1/dora/drilldown/changes?skewed=true&take=20&${window90}`,
    ],
  ];
  // One connection: the latency of one uncached request, not a queue of them.
  rows.push(...(await loadEach(ctx, cases, { headers, connections: 1, note: 'uncached, one connection' })));
  return rows;
};

export default doraScenario;
