import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { deployments, environments, incidents, pipelineRuns, pipelines, teams } from '../../../src/db/schema/index.js';
import { systemCaller } from '../../../src/kernel/caller.js';
import type { DoraService } from '../../../src/modules/dora/index.js';
import { FakeGit } from '../../fakes/ports/git.fake.js';
import { bearer, buildTestApp, uniq, type TestApp } from '../../helpers/app.js';
import { insertComponent } from '../../helpers/rows.js';

/**
 * DORA's four keys against a hand-computed fixture (docs/modules/dora.md has the formulas).
 *
 * Component C in organization A, production environment P, staging S; window 2026-03-01 to
 * 2026-03-10 (ten whole UTC days). Commits (committer time): s0 02-27 00:00, s1 03-01 10:00,
 * s2 03-02 06:00, s3 03-03 12:00, s4 03-04 00:00, s5 03-05 00:00.
 *
 * | deployment | env | deployed | revision | changes (lead) | failure |
 * |---|---|---|---|---|---|
 * | d0 | P | 02-28 00:00 | s0 | s0 (1 d) | — (before the window) |
 * | d1 | P | 03-02 12:00 | s2 | s1 (26 h), s2 (6 h) | incidents I3 (resolved) and I4 (open): unrecovered |
 * | d2 | P | 03-03 10:00 | s3 | s3 (−2 h: skewed, excluded, counted) | incident I1 11:00 → 13:00: 2 h |
 * | d3 | P | 03-05 12:00 | s5 | s4 (36 h), s5 (12 h) | rolled back 12:30: 30 min |
 * | d4 | S | 03-04 00:00 | s4 | — | — (staging) |
 * | d5 | P | 03-06 00:00 | — | — | status failed: never a deployment |
 *
 * Expected for A's production: 3 deployments in 10 days (0.3/day: high); 3 failed of 3 (100%,
 * never 4/3 although d1 has two incidents: low); median lead of 6 h, 12 h, 26 h, 36 h = 19 h
 * (elite), 1 skewed; recovery median of 30 min and 2 h = 75 min (high), 1 unrecovered. Incident I2 on
 * C has no deployment and counts nowhere.
 */
export let t: TestApp;
export let dora: DoraService;
export let admin: string;
export let owner: { id: string; token: string };
export let outsider: { id: string; token: string };
export let orgA: string;
export let orgB: string;
export let git: FakeGit;
export const repoUrl = 'https://git.example/c.git';
export const sha = (n: number) => `${n}`.repeat(40).slice(0, 40).replace(/^/, 'a').slice(0, 40);
export const at = (iso: string) => new Date(iso);
export const ids: Record<string, string> = {};
export let componentId: string;
export let teamId: string;
export let prodId: string;
export let stagingId: string;

export const get = (url: string, token: string, org?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...(org ? { 'x-organization-id': org } : {}) } });
export const window = 'from=2026-03-01&to=2026-03-10';

async function org(token: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/organizations',
    headers: bearer(token),
    payload: { name: 'Dora', slug: uniq('dora').toLowerCase() },
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

export async function deploy(
  name: string,
  o: {
    org: string | null;
    env: string;
    at: string;
    revision?: string;
    status?: string;
    component?: string;
    version?: string;
  },
) {
  const db = t.database.db;
  let runId: string | null = null;
  if (o.org !== undefined) {
    const [p] = await db
      .insert(pipelines)
      .values({ name: uniq('pl'), organizationId: o.org, createdBy: owner.id })
      .returning();
    const [r] = await db
      .insert(pipelineRuns)
      .values({ pipelineId: p!.id, triggeredBy: owner.id, commitSha: o.revision ?? '0000000' })
      .returning();
    runId = r!.id;
  }
  const [d] = await db
    .insert(deployments)
    .values({
      componentId: o.component ?? componentId,
      environmentId: o.env,
      version: o.version ?? `1.0.${name}`,
      status: o.status ?? 'succeeded',
      pipelineRunId: runId,
      createdAt: new Date(at(o.at).getTime() - 60_000),
      updatedAt: at(o.at),
    })
    .returning();
  ids[name] = d!.id;
  await dora.ingest(systemCaller(), d!.id);
  return d!.id;
}

export async function incident(o: { opened: string; resolved?: string; causedBy?: string; components?: string[] }) {
  const [row] = await t.database.db
    .insert(incidents)
    .values({
      title: uniq('inc'),
      severity: 'P2',
      status: o.resolved ? 'resolved' : 'open',
      createdAt: at(o.opened),
      resolvedAt: o.resolved ? at(o.resolved) : null,
      causedByDeploymentId: o.causedBy ?? null,
    })
    .returning();
  if (o.components?.length) {
    const { incidentComponents } = await import('../../../src/db/schema/index.js');
    await t.database.db
      .insert(incidentComponents)
      .values(o.components.map((componentId) => ({ incidentId: row!.id, componentId })));
  }
  return row!.id;
}

/**
 * Builds the fixture in the calling file's beforeAll (each split file has its own app and database). A worker
 * keeps this module between files (vitest `isolate: false`), so the state is reset first.
 */
export function useDoraFixture() {
  beforeAll(async () => {
    git = new FakeGit();
    git.hosts.set('git.example', ['93.184.216.34']);
    for (const key of Object.keys(ids)) delete ids[key];
    t = await buildTestApp({ DORA_SWEEP_MS: '0', DORA_SUGGEST_WINDOW_MINUTES: '120' }, undefined, { git });
    dora = t.app.hangar.modules.dora;
    admin = await t.adminToken();
    owner = await t.newUser('doraown');
    outsider = await t.newUser('doraout');
    orgA = await org(owner.token);
    orgB = await org(outsider.token);
    const db = t.database.db;
    const [team] = await db
      .insert(teams)
      .values({ name: uniq('team'), type: 'team' })
      .returning();
    teamId = team!.id;
    componentId = (
      await insertComponent(db, {
        teamId,
        annotations: { 'backstage.io/source-location': `url:${repoUrl.replace(/\.git$/, '')}.git/tree/main/` },
      })
    ).id;
    const [p] = await db
      .insert(environments)
      .values({ name: uniq('prod'), type: 'production' })
      .returning();
    const [s] = await db
      .insert(environments)
      .values({ name: uniq('stage'), type: 'staging' })
      .returning();
    prodId = p!.id;
    stagingId = s!.id;
    git.addCommits(repoUrl, [
      { sha: sha(0), committedAt: '2026-02-27T00:00:00Z' },
      { sha: sha(1), committedAt: '2026-03-01T10:00:00Z' },
      { sha: sha(2), committedAt: '2026-03-02T06:00:00Z' },
      { sha: sha(3), committedAt: '2026-03-03T12:00:00Z' },
      { sha: sha(4), committedAt: '2026-03-04T00:00:00Z' },
      { sha: sha(5), committedAt: '2026-03-05T00:00:00Z' },
    ]);
    await deploy('d0', { org: orgA, env: prodId, at: '2026-02-28T00:00:00Z', revision: sha(0) });
    await deploy('d1', { org: orgA, env: prodId, at: '2026-03-02T12:00:00Z', revision: sha(2) });
    await deploy('d2', { org: orgA, env: prodId, at: '2026-03-03T10:00:00Z', revision: sha(3) });
    await deploy('d4', { org: orgA, env: stagingId, at: '2026-03-04T00:00:00Z', revision: sha(4) });
    await deploy('d3', { org: orgA, env: prodId, at: '2026-03-05T12:00:00Z', revision: sha(5) });
    await deploy('d5', { org: orgA, env: prodId, at: '2026-03-06T00:00:00Z', status: 'failed' });
    // d3 rolled back half an hour later: the ingest job runs again and records it.
    await db
      .update(deployments)
      .set({ status: 'rolled_back', updatedAt: at('2026-03-05T12:30:00Z') })
      .where(eq(deployments.id, ids.d3!));
    await dora.ingest(systemCaller(), ids.d3!);
    // Another organization's deployment and one without an organization: behind the walls.
    await deploy('b1', { org: orgB, env: prodId, at: '2026-03-02T00:00:00Z', revision: sha(1) });
    await deploy('n1', { org: null, env: prodId, at: '2026-03-02T00:00:00Z' });
    await incident({ opened: '2026-03-03T11:00:00Z', resolved: '2026-03-03T13:00:00Z', causedBy: ids.d2 });
    await incident({ opened: '2026-03-04T00:00:00Z', resolved: '2026-03-04T05:00:00Z', components: [componentId] }); // I2: no deployment
    await incident({ opened: '2026-03-02T13:00:00Z', resolved: '2026-03-02T15:00:00Z', causedBy: ids.d1 });
    await incident({ opened: '2026-03-02T14:00:00Z', causedBy: ids.d1 });
    await incident({ opened: '2026-03-06T00:00:00Z', resolved: '2026-03-06T01:00:00Z', causedBy: ids.b1 });
  });
  afterAll(() => t?.close());
}
