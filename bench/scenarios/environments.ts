import { randomBytes } from 'node:crypto';
import { components, deployments, environments } from '../../src/db/schema/index.js';
import { DEPLOYMENT_STATUSES } from '../../src/modules/deployments/index.js';
import { loadEach, type BenchRow, type Scenario } from '../lib.js';

const DEPLOYMENTS = 50_000;
const CHUNK = 1000;

/**
 * Deployment history reads: 50k deployments over 200 components and 4 environments, then the list
 * with each filter (each served by an index ending in created_at) and the environments/teams lists.
 */
const environmentsScenario: Scenario = async (ctx) => {
  const db = ctx.database.db;
  const tag = randomBytes(3).toString('hex');
  const envs = await db
    .insert(environments)
    .values(
      ['dev', 'staging', 'prod', 'sandbox'].map((n, i) => ({ name: `bench-${tag}-${n}`, type: 'staging', order: i })),
    )
    .returning({ id: environments.id });
  const comps = await db
    .insert(components)
    .values(Array.from({ length: 200 }, (_, i) => ({ name: `bench-deploy-${tag}-${i}`, kind: 'service' })))
    .returning({ id: components.id });
  const started = performance.now();
  for (let start = 0; start < DEPLOYMENTS; start += CHUNK) {
    const rows = [];
    for (let i = start; i < Math.min(DEPLOYMENTS, start + CHUNK); i++) {
      rows.push({
        componentId: comps[i % comps.length]!.id,
        environmentId: envs[i % envs.length]!.id,
        version: `1.0.${i}`,
        status: DEPLOYMENT_STATUSES[i % DEPLOYMENT_STATUSES.length]!,
        createdAt: new Date(Date.now() - (DEPLOYMENTS - i) * 1000),
      });
    }
    await db.insert(deployments).values(rows);
  }
  const rows: BenchRow[] = [
    {
      scenario: `seed ${DEPLOYMENTS} deployments`,
      database: ctx.kind,
      seconds: Math.round((performance.now() - started) / 10) / 100,
    },
  ];
  const headers = { authorization: `Bearer ${ctx.adminToken}` };
  const cases: [string, string][] = [
    ['deployments list take=20 (50k)', '/api/v1/deployments?take=20'],
    ['deployments list componentId (50k)', `/api/v1/deployments?componentId=${comps[7]!.id}`],
    ['deployments list environmentId+status (50k)', `/api/v1/deployments?environmentId=${envs[1]!.id}&status=failed`],
    ['environments list', '/api/v1/environments'],
    ['teams list', '/api/v1/teams'],
  ];
  rows.push(...(await loadEach(ctx, cases, { headers })));
  return rows;
};

export default environmentsScenario;
