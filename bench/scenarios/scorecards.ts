import { randomBytes } from 'node:crypto';
import { isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  componentVulnerabilities,
  components,
  deployments,
  environments,
  scorecards,
} from '../../src/db/schema/index.js';
import { createEventBus } from '../../src/infra/events.js';
import { MemoryCache } from '../../src/infra/cache/cache.js';
import { JobsRuntime } from '../../src/infra/jobs/runtime.js';
import { InProcessQueue } from '../../src/infra/queue/in-process.queue.js';
import { systemCaller } from '../../src/kernel/caller.js';
import { createPermissionsModule } from '../../src/modules/permissions/index.js';
import { createScorecardsModule } from '../../src/modules/scorecards/index.js';
import type { BenchRow, Scenario } from '../lib.js';

/**
 * Scorecards at scale (issue 25): 10 scorecards over BENCH_SCORECARD_COMPONENTS (default 50,000 on
 * PostgreSQL, 10,000 on the embedded database) components with a deployment each and vulnerabilities
 * on one in ten: the first full evaluation (every result and history row written), a second one (nothing
 * changed, nothing written), and the event-driven re-evaluation of one entity (every scorecard): the
 * evaluation alone, and from the change to the stored result through the module's own trigger, queue
 * and settle slot (decision 550). Targets: the full evaluation under 60 s on PostgreSQL, one entity
 * under 100 ms. The built-in scorecards (decisions 536, 560) are emptied first, so exactly the 10
 * bench scorecards produce results.
 */
const CHUNK = 5000;

const scorecardsScenario: Scenario = async (ctx) => {
  const db = ctx.database.db;
  const size = Number(process.env.BENCH_SCORECARD_COMPONENTS ?? (ctx.kind === 'postgres' ? 50_000 : 10_000));
  const tag = randomBytes(3).toString('hex');
  const out: BenchRow[] = [];

  let started = performance.now();
  const [env] = await db
    .insert(environments)
    .values({ name: `bench-sc-${tag}`, type: 'production', order: 0 })
    .returning({ id: environments.id });
  for (let from = 0; from < size; from += CHUNK) {
    const to = Math.min(size, from + CHUNK) - 1;
    await db.execute(sql`
      INSERT INTO ${components} (name, kind, entity_kind, type, owner, system, lifecycle, description, tags, links)
      SELECT 'bench-sc-' || ${tag} || '-' || lpad(i::text, 7, '0'), 'service', 'Component', 'service', 'team-' || (i % 50), 'system-' || (i % 200),
             (ARRAY['production', 'experimental', 'deprecated'])[1 + i % 3], CASE WHEN i % 4 = 0 THEN NULL ELSE 'a service' END,
             ARRAY['bench', 't' || (i % 10)], CASE WHEN i % 2 = 0 THEN '[{"url": "https://runbook.example"}]'::jsonb ELSE '[]'::jsonb END
      FROM generate_series(${from}::int, ${to}::int) AS i`);
  }
  await db.execute(sql`
    INSERT INTO ${deployments} (component_id, environment_id, version, status, created_at)
    SELECT id, ${env!.id}::uuid, '1.0.0', CASE WHEN random() < 0.9 THEN 'succeeded' ELSE 'failed' END, now() - (random() * interval '60 days')
    FROM ${components} WHERE name LIKE ${`bench-sc-${tag}-%`}`);
  await db.execute(sql`
    INSERT INTO ${componentVulnerabilities} (component_id, cve_id, severity, package, version)
    SELECT id, 'CVE-2026-' || row_number() OVER (), CASE WHEN random() < 0.3 THEN 'CRITICAL' ELSE 'HIGH' END, 'openssl', '3.0.0'
    FROM ${components} WHERE name LIKE ${`bench-sc-${tag}-%`} AND right(name, 1) = '7'`);
  await db.execute(sql`ANALYZE`);
  out.push({
    scenario: `scorecards seed ${size} components, deployments, vulnerabilities`,
    database: ctx.kind,
    seconds: (performance.now() - started) / 1000,
  });

  const levels = [
    { name: 'Bronze', colour: '#b08d57' },
    { name: 'Silver', colour: '#a8a9ad' },
    { name: 'Gold', colour: '#d4af37' },
  ];
  const rule = (key: string, level: string, condition: unknown) => ({
    key,
    title: key,
    level,
    weight: 1,
    failureMessage: key,
    remediationUrl: null,
    condition: condition as never,
  });
  await db.insert(scorecards).values(
    Array.from({ length: 10 }, (_, i) => ({
      name: `bench-sc-${tag}-${i}`,
      filter: i % 2 === 0 ? {} : { lifecycles: ['production', 'experimental'] },
      levels,
      rules: [
        rule('owner', 'Bronze', { fact: 'owner.set', operator: 'equals', value: true }),
        rule('described', 'Bronze', { fact: 'description.present', operator: 'equals', value: true }),
        rule('links', 'Silver', { fact: 'links.count', operator: 'greaterThanOrEqual', value: 1 }),
        rule('named', 'Silver', {
          fact: 'entity.name',
          operator: 'matches',
          value: `^bench-sc-[a-f0-9]+-\\d+${i}$|^bench`,
        }),
        rule('no-critical', 'Silver', { fact: 'vulnerabilities.critical', operator: 'equals', value: 0 }),
        rule('no-p1', 'Gold', { fact: 'incidents.open.P1', operator: 'equals', value: 0 }),
        rule('recent', 'Gold', {
          any: [
            { fact: 'deployments.daysSinceLast', operator: 'lessThan', value: 20 + i },
            { fact: 'entity.tags', operator: 'contains', value: `t${i}` },
          ],
        }),
        rule('success', 'Gold', { fact: 'deployments.successRate', operator: 'greaterThanOrEqual', value: 90 }),
        rule('no-drift', 'Gold', { fact: 'iac.driftedStacks', operator: 'equals', value: 0 }),
      ],
    })),
  );

  let emitted = 0;
  /** Resolves the wait for a stored level change of `componentId` (the event is emitted after the commit). */
  let stored: { componentId: string; resolve(at: number): void } | undefined;
  const log = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
  // The module as the app wires it, over a bus and an in-process queue of its own: the catalog's
  // event reaches it through the bus (decision 920), its jobs run here.
  const events = createEventBus(log);
  events.on('scorecard.level.changed', (p) => {
    emitted++;
    if (stored && p.componentId === stored.componentId) stored.resolve(performance.now());
  });
  const queue = new InProcessQueue(log);
  const jobs = new JobsRuntime(queue, log);
  const module = createScorecardsModule({
    db,
    events,
    jobs,
    log,
    apiSpecs: { diff: async () => '{"breakingChanges":0}' },
    // No one acts for another person here: an unknown user is what the policy would read.
    permissions: createPermissionsModule({
      db,
      cache: new MemoryCache(),
      cacheTtlS: 30,
      users: { findUser: async () => undefined },
    }).service,
  });
  const service = module.service;
  // The built-ins (the shared one, decision 560, and any organization's) would be an 11th card over
  // the production components: emptied (no rules, a filter no entity matches), as an admin may edit
  // them, they stay in place, so the hourly path does not restore them, and produce nothing.
  await service.seedBuiltins();
  await db
    .update(scorecards)
    .set({ rules: [], filter: { kinds: ['bench-none'] }, updatedAt: new Date() })
    .where(isNotNull(scorecards.builtinKey));
  // The scheduled job's path: every scorecard in one pass over the entities (facts read once per batch).
  const evaluateTogether = () => service.evaluateAll(systemCaller());

  // CPU seconds of this process (the evaluation's own work, without PostgreSQL's): a shared machine's load inflates wall time.
  const cpu = (from: NodeJS.CpuUsage) => {
    const u = process.cpuUsage(from);
    return `${Math.round((u.user + u.system) / 1e5) / 10} s CPU in the server process`;
  };
  let cpuFrom = process.cpuUsage();
  started = performance.now();
  const first = await evaluateTogether();
  out.push({
    scenario: `scorecards evaluate 10 scorecards over ${size} components (first: every result written)`,
    database: ctx.kind,
    seconds: (performance.now() - started) / 1000,
    note: `${first.written} results and history rows; ${cpu(cpuFrom)}`,
  });
  cpuFrom = process.cpuUsage();
  started = performance.now();
  const second = await evaluateTogether();
  out.push({
    scenario: `scorecards evaluate 10 scorecards over ${size} components (again, unchanged)`,
    database: ctx.kind,
    seconds: (performance.now() - started) / 1000,
    note: `${second.written} rows written; ${cpu(cpuFrom)}`,
  });

  const [one] = await db
    .execute(sql`SELECT id, name, kind, owner FROM ${components} WHERE name LIKE ${`bench-sc-${tag}-%`} LIMIT 1`)
    .then((r) => (r as unknown as { rows: { id: string; name: string; kind: string; owner: string | null }[] }).rows);
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    // Flip a fact so every other run writes a change (a result, a history row and a level event).
    if (i % 2 === 0)
      await db.execute(
        sql`UPDATE ${components} SET description = ${i % 4 === 0 ? null : 'changed'} WHERE id = ${one!.id}`,
      );
    const t0 = performance.now();
    await service.evaluateEntities(systemCaller(), [one!.id]);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  out.push({
    scenario: 'scorecards re-evaluate one entity on an event (every scorecard)',
    database: ctx.kind,
    p50Ms: Math.round(times[15]! * 10) / 10,
    p99Ms: Math.round(times[29]! * 10) / 10,
    note: `30 runs, half of them writing a change; ${emitted} level events`,
  });

  // From the change to the stored result: the committed change, the module's trigger (the event a
  // catalog write emits), the settle slot's wait, the queued job and its evaluation and commit.
  await queue.start();
  const waits: number[] = [];
  try {
    for (let i = 0; i < 30; i++) {
      // Every run moves the entity's level (the description is a Bronze rule of every bench card).
      await db.execute(
        sql`UPDATE ${components} SET description = ${i % 2 === 0 ? 'described' : null} WHERE id = ${one!.id}`,
      );
      const t0 = performance.now();
      const done = new Promise<number>((resolve, reject) => {
        const guard = setTimeout(() => reject(new Error('no stored level change of the entity arrived')), 30_000);
        stored = {
          componentId: one!.id,
          resolve: (at) => {
            clearTimeout(guard);
            resolve(at);
          },
        };
      });
      events.emit('component.updated', one!);
      waits.push((await done) - t0);
      stored = undefined;
    }
  } finally {
    await jobs.close();
    await queue.close();
  }
  waits.sort((a, b) => a - b);
  out.push({
    scenario: 'scorecards one entity, change to stored result (event, settle slot, job)',
    database: ctx.kind,
    p50Ms: Math.round(waits[15]! * 10) / 10,
    p99Ms: Math.round(waits[29]! * 10) / 10,
    note: `30 changes, each moving its level; the settle slot waits up to 50 ms of it (decision 550)`,
  });
  return out;
};

export default scorecardsScenario;
