import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { Pool } from 'undici';
import { buildApp } from '../../src/app.js';
import { createWebhooksService } from '../../src/modules/webhooks/webhooks.service.js';
import { systemCaller } from '../../src/kernel/caller.js';
import type { AuditPort } from '../../src/kernel/audit.js';
import { backendCpu } from '../backend-cpu.js';
import { median, round2, type BenchContext, type BenchRow, type Scenario } from '../lib.js';

const WORKERS = 10;
/** Alternating rounds (ABBA) of one window each side, as the permissions scenario measures (decision 1210); 16 since decision 1188. */
const ROUNDS = Number(process.env.BENCH_AUDIT_ROUNDS ?? 16);
const WINDOW_S = Number(process.env.BENCH_AUDIT_WINDOW_S ?? 3);
/** After each window: time for the sealer's last pass, so each window's processor time holds its own sealing. */
const TAIL_MS = 1_500;

type Side = 'with' | 'without';
/** Where the write is made: the service's verb in this process, or the API's PATCH over HTTP (decision 1189). */
type Mode = 'service' | 'http';
type Service = ReturnType<typeof createWebhooksService>;
/** Writer `i`'s `n`th write on one side. */
type Write = (side: Side, i: number, n: number) => Promise<void>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Everything a window measures: writes a second, and processor µs a write (this process; the database's backends). */
interface Window {
  rps: number;
  appUs: number;
  pgUs: number;
}

/** The webhooks service built twice over one database: with the real audit port, and with one that records nothing. */
async function services(ctx: BenchContext) {
  const { app } = ctx;
  const h = app.hangar;
  const org = await fetch(`${ctx.baseUrl}/api/v1/organizations`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ctx.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Audit bench', slug: `audit-bench-${Math.random().toString(36).slice(2, 8)}` }),
  });
  const organizationId = ((await org.json()) as { id: string }).id;
  const caller = systemCaller({ organizationId });
  const build = (audit: AuditPort) =>
    createWebhooksService({
      db: h.db,
      jobs: h.jobs,
      log: app.log,
      audit,
      events: h.events,
      transport: { admit: async (url: string) => url },
      retryScale: 1,
      attempt: async () => ({ ok: true, status: 200, body: '', durationMs: 0, error: null }),
      roleOf: async () => 'owner',
    });
  const svc: Record<Side, Service> = { with: build(h.audit), without: build({ record: async () => {} }) };
  const subs = await Promise.all(
    Array.from({ length: WORKERS }, (_, i) =>
      svc.with.create(caller, { url: `https://hooks.example.test/${i}`, events: ['*'], active: false }),
    ),
  );
  return { svc, subs, caller, organizationId };
}

/**
 * The same app a second time over the same database, with an audit port that records nothing and no
 * response-level recorder (`auditPort`, decision 1189): the API's write without its record.
 */
async function appWithoutAudit(ctx: BenchContext) {
  const app = await buildApp(ctx.app.hangar.config, {
    database: ctx.database,
    logger: false,
    auditPort: { record: async () => {} },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** The API's PATCH of writer `i`'s subscription, on each side's app, over keep-alive connections. */
function httpWrites(ctx: BenchContext, baseUrls: Record<Side, string>, subs: { id: string }[], organizationId: string) {
  const pools: Record<Side, Pool> = {
    with: new Pool(baseUrls.with, { connections: WORKERS }),
    without: new Pool(baseUrls.without, { connections: WORKERS }),
  };
  const headers = {
    authorization: `Bearer ${ctx.adminToken}`,
    'content-type': 'application/json',
    'x-organization-id': organizationId,
  };
  const write: Write = async (side, i, n) => {
    const res = await pools[side].request({
      method: 'PATCH',
      path: `/api/v1/webhook-subscriptions/${subs[i]!.id}`,
      headers,
      body: JSON.stringify({ description: `write ${i}.${n}` }),
    });
    const body = await res.body.text();
    if (res.statusCode !== 200) throw new Error(`PATCH answered ${res.statusCode}: ${body.slice(0, 200)}`);
  };
  return { write, close: () => Promise.all([pools.with.close(), pools.without.close()]) };
}

/**
 * A write with its audit record against the same write without (issue 36, decisions 1045, 1210,
 * 1189), made two ways: the webhooks service's `update` verb in this process (one transaction: the
 * row and, with the real port, the record; built twice over the same database), and the API's PATCH
 * over HTTP (the app, and a second app over the same database whose port records nothing). Ten
 * writers on distinct subscriptions of one organization, in short windows alternating without/with
 * (ABBA), each followed by a pause in which the sealer seals that window's records: the ratio of the
 * medians, the spread of the rounds' ratios, and processor time a write of this process (servers,
 * writers, sealer) and of the database's backends, idle background subtracted. Goal: ratio ≥ 0.85.
 */
const auditScenario: Scenario = async (ctx) => {
  const { svc, subs, caller, organizationId } = await services(ctx);
  const pg = await backendCpu(ctx.database);
  const sealed = async () => {
    const res = await ctx.database.db.execute<{ done: boolean }>(sql`
      select coalesce((select max(n) from audit_records where chain = ${organizationId}), 0)
          <= coalesce((select sealed_through from audit_chain_heads where chain = ${organizationId}), 0) as done`);
    return res.rows[0]?.done === true;
  };
  const idle = await idleRate(pg);
  const window = async (write: Write, side: Side): Promise<Window> => {
    const pgBefore = await pg?.snapshot();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const until = Date.now() + WINDOW_S * 1000;
    let writes = 0;
    await Promise.all(
      subs.map(async (_, i) => {
        for (let n = 0; Date.now() < until; n++) {
          await write(side, i, n);
          writes++;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    await sleep(TAIL_MS);
    for (let i = 0; i < 30 && !(await sealed()); i++) await sleep(100);
    const total = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const pgUs = pg && pgBefore ? await pg.since(pgBefore) : NaN;
    return {
      rps: writes / elapsed,
      appUs: Math.max(0, used.user + used.system - idle.app * total) / Math.max(1, writes),
      pgUs: Math.max(0, pgUs - idle.pg * total) / Math.max(1, writes),
    };
  };
  const measure = async (mode: Mode, write: Write) => {
    await window(write, 'with'); // warm-up of both paths (prepared statements, caches)
    await window(write, 'without');
    const loadBefore = loadavg()[0]!.toFixed(1);
    const sides: Record<Side, Window[]> = { with: [], without: [] };
    const ratios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const order: Side[] = r % 2 === 0 ? ['without', 'with'] : ['with', 'without'];
      for (const side of order) sides[side].push(await window(write, side));
      ratios.push(sides.with[r]!.rps / sides.without[r]!.rps);
    }
    return report(ctx, mode, sides, ratios, `${loadBefore}→${loadavg()[0]!.toFixed(1)}`);
  };
  const rows = await measure('service', (side, i, n) =>
    svc[side].update(caller, subs[i]!.id, { description: `write ${i}.${n}` }).then(() => {}),
  );
  const bare = await appWithoutAudit(ctx);
  const http = httpWrites(ctx, { with: ctx.baseUrl, without: bare.baseUrl }, subs, organizationId);
  try {
    return [...rows, ...(await measure('http', http.write))];
  } finally {
    await http.close();
    await bare.app.close();
  }
};

/** Processor µs a second of this process and of the database's backends with nothing written (1 s). */
async function idleRate(pg: Awaited<ReturnType<typeof backendCpu>>) {
  await sleep(1_000);
  const pgBefore = await pg?.snapshot();
  const cpu = process.cpuUsage();
  await sleep(1_000);
  const used = process.cpuUsage(cpu);
  return { app: used.user + used.system, pg: pg && pgBefore ? await pg.since(pgBefore) : 0 };
}

const WRITE: Record<Mode, string> = {
  service: 'webhook subscription update',
  http: 'PATCH /webhook-subscriptions/:id over HTTP',
};

function report(
  ctx: BenchContext,
  mode: Mode,
  sides: Record<Side, Window[]>,
  ratios: number[],
  load: string,
): BenchRow[] {
  const m = (side: Side, k: keyof Window) => median(sides[side].map((w) => w[k]));
  const ratio = m('with', 'rps') / m('without', 'rps');
  const cpu = (side: Side) => m(side, 'appUs') + m(side, 'pgUs');
  const cpuRatio = cpu('without') / cpu('with');
  const us = (side: Side) =>
    `CPU ${Math.round(cpu(side))} µs a write (this process ${Math.round(m(side, 'appUs'))}, PostgreSQL backends ${Math.round(m(side, 'pgUs'))})`;
  const rounds = `${ROUNDS} rounds of ${WINDOW_S} s alternating without/with, medians`;
  return [
    {
      scenario: `${WRITE[mode]}, no audit record, ${WORKERS} writers`,
      database: ctx.kind,
      rps: Math.round(m('without', 'rps')),
      note: `the reference for the line below; ${rounds}; ${us('without')}`,
    },
    {
      scenario: `${WRITE[mode]} with its audit record, ${WORKERS} writers`,
      database: ctx.kind,
      rps: Math.round(m('with', 'rps')),
      note:
        (mode === 'http'
          ? `${round2(ratio)} of the write without (goal ≥ 0.85): ${ratio >= 0.85 ? 'met' : 'NOT met'}`
          : `${round2(ratio)} of the write without: the service's transaction alone, no HTTP request around it (the goal is read on the API's write below, decision 1189)`) +
        `; round ratios median ${round2(median(ratios))}, ${round2(Math.min(...ratios))}–${round2(Math.max(...ratios))}` +
        `; ${us('with')}; CPU without/with ${round2(cpuRatio)}; load ${load}`,
    },
  ];
}

export default auditScenario;
